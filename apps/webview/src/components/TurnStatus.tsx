import { lazyModule } from '../lazy/lazyModule';
import { lazyView } from '../lazy/lazyView';
import type { ChatModel } from '../models/ChatModel';
import { councilViews } from './lazyViews';
import './TurnStatus.css';

/** The line's code: loaded with the first turn that has something to say here. */
export const turnLine = lazyModule('the turn line', () => import('./TurnLine'));
const TurnLine = lazyView(turnLine, (m) => m.TurnLine);
/** A Council that ended at its unanimous vote: a council view, in the council's chunk. */
const AgreedLine = lazyView(councilViews, (m) => m.AgreedLine);

/**
 * Where the turn stands, just above the message box:
 * - while several participants answer one after another (Discuss), who is answering, how far the turn is ("2 of 3")
 *   and who comes next; a turn of one answer says nothing here (its bubble shows it typing);
 * - while replies stream at once, or a council runs its steps, the mode, the step (of how many), how many of the
 *   step's replies are done and who is streaming now;
 * - after a turn ended early (Stop), who never got to answer (or review, or write the synthesis), with one button
 *   that gives them their turn now;
 * - once several participants have answered, the round the discussion is in and "Another round", until the cap;
 *   above it, when the last message's Council ended at its unanimous vote, the vote and "Review anyway".
 *   A message the user sends ends the discussion (and starts the next).
 *
 * The wrapper is always there and is a polite status region, so each step is announced once, without moving focus.
 */
export function TurnStatus({ chat }: { chat: ChatModel }) {
  const turn = chat.replica.turn.value;
  return (
    <div class="turn-region" role="status" aria-live="polite" data-testid="turn-region">
      {turn?.state === 'answered' && turn.agreed ? <AgreedLine agreed={turn.agreed} chat={chat} /> : null}
      {turn ? <TurnLine turn={turn} names={chat.participantsById.value} chat={chat} /> : null}
    </div>
  );
}
