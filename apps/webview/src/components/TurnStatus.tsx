import { andList, type TurnView } from '@roundtable/core/protocol';
import type { ChatModel, Participant } from '../models/ChatModel';

/**
 * Where the turn stands, just above the message box:
 * - while several participants answer one after another, who is answering, how far the turn is ("2 of 3") and who
 *   comes next; a turn with one responder says nothing here (its bubble shows it typing);
 * - after a turn ended early (Stop), who never got to answer, with one button that gives them their turn now;
 * - once several participants have answered, the round the discussion is in and "Another round", until the cap.
 *   A message the user sends ends the discussion (and starts the next).
 *
 * The wrapper is always there and is a polite status region, so each step is announced once, without moving focus.
 */
export function TurnStatus({ chat }: { chat: ChatModel }) {
  const turn = chat.replica.turn.value;
  const names = chat.participantsById.value;
  return (
    <div class="turn-region" role="status" aria-live="polite" data-testid="turn-region">
      {turn ? <TurnLine turn={turn} names={names} chat={chat} /> : null}
    </div>
  );
}

function TurnLine({ turn, names, chat }: { turn: TurnView; names: ReadonlyMap<string, Participant>; chat: ChatModel }) {
  const name = (id: string) => names.get(id)?.displayName ?? id;
  if (turn.state === 'running') {
    const { responders, current } = turn;
    if (responders.length < 2) return null;
    const next = responders[current + 1];
    return (
      <p class="turn-status" data-testid="turn-status" data-state="running">
        <span class="turn-step">
          {current + 1} of {responders.length}
        </span>
        <span class="turn-who">
          {name(responders[current] ?? '')} is answering{next ? `, ${name(next)} next` : ''}
        </span>
      </p>
    );
  }
  if (turn.state === 'answered') {
    const { round, maxRounds } = turn;
    return (
      <p class="turn-status" data-testid="turn-round" data-state="answered">
        <span class="turn-step">
          Round {round} of {maxRounds}
        </span>
        {round < maxRounds ? (
          <button
            type="button"
            class="button-secondary"
            data-testid="turn-another-round"
            title="Each of them answers again, having read the whole round"
            onClick={() => chat.anotherRound()}
          >
            Another round
          </button>
        ) : (
          <span class="turn-who">That is the most rounds; send a message to go on.</span>
        )}
      </p>
    );
  }
  const skipped = turn.skipped.map(name);
  return (
    <div class="turn-status turn-status--stopped" data-testid="turn-skipped" data-state="stopped">
      <span class="turn-who">Stopped before {andList(skipped)} answered.</span>
      <span class="turn-actions">
        <button
          type="button"
          class="button-secondary"
          data-testid="turn-continue"
          onClick={() => chat.continueSkipped()}
        >
          Continue with {skipped.join(', ')}
        </button>
        <button
          type="button"
          class="link-button"
          aria-label="Dismiss: do not continue"
          onClick={() => chat.dismissSkipped()}
        >
          ×
        </button>
      </span>
    </div>
  );
}
