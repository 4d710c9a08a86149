// The turn line's words and buttons (see `TurnStatus`), in a chunk of their own: a window loads it with its first
// turn of several seats, never before.
import { andList } from '@roundtable/core/present';
import type { StepKind, TurnView } from '@roundtable/core/protocol';
import type { ChatModel, Participant } from '../models/ChatModel';
import { MODE_LABEL } from '../models/modes';
import { Icon } from './icons';

type Running = Extract<TurnView, { state: 'running' }>;
type Name = (id: string) => string;

/** A step's replies, as the turn line names the step. */
const STEP_NOUN: Record<StepKind, string> = {
  answer: 'answers',
  review: 'reviews',
  synthesis: 'synthesis',
  position: 'positions on the disputes',
};
/** What the seats streaming in a step are doing (singular, plural). */
const STEP_VERB: Record<StepKind, [string, string]> = {
  answer: ['is answering', 'are answering'],
  review: ['is reviewing', 'are reviewing'],
  synthesis: ['is writing it', 'are writing it'],
  position: ['is taking its positions', 'are taking their positions'],
};
/** What a Stop kept the skipped seats from doing, after "Stopped before {names}". */
const STOPPED_BEFORE: Record<StepKind, string> = {
  answer: 'answered',
  review: 'reviewed',
  synthesis: 'wrote the synthesis',
  position: 'took their positions',
};

export function TurnLine({
  turn,
  names,
  chat,
}: {
  turn: TurnView;
  names: ReadonlyMap<string, Participant>;
  chat: ChatModel;
}) {
  const name: Name = (id) => names.get(id)?.displayName ?? id;
  if (turn.state === 'running') return <RunningLine turn={turn} name={name} />;
  if (turn.state === 'answered') {
    const { round, maxRounds, mode } = turn;
    return (
      <p class="turn-status" data-testid="turn-round" data-state="answered" data-mode={mode}>
        <span class="turn-step">
          Round {round} of {maxRounds}
        </span>
        {round < maxRounds ? (
          <button
            type="button"
            class="button-secondary"
            data-testid="turn-another-round"
            title={
              mode === 'discuss'
                ? 'Each of them answers again, having read the whole round'
                : 'A reveal round: each of them reads every answer of the last round, and may revise their own'
            }
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
    <div
      class="turn-status turn-status--stopped"
      data-testid="turn-skipped"
      data-state="stopped"
      data-step={turn.step}
      data-cut-off={turn.cutOff ? 'true' : undefined}
    >
      <span class="turn-who">
        {turn.cutOff ? 'Cut off when VS Code stopped, before' : 'Stopped before'} {andList(skipped)}{' '}
        {STOPPED_BEFORE[turn.step]}.
      </span>
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
          class="link-button icon-button"
          aria-label="Dismiss: do not continue"
          onClick={() => chat.dismissSkipped()}
        >
          <Icon name="close" />
        </button>
      </span>
    </div>
  );
}

/**
 * A running turn. Discuss answers one after another keep their queue ("2 of 3", "GPT is answering, Gemini next");
 * anything else (replies at once, a council's steps, reviews) says the mode, then the step and who streams.
 */
function RunningLine({ turn, name }: { turn: Running; name: Name }) {
  const { mode, step, stepIndex, stepCount, responders, answering, done, concurrent } = turn;
  const attributes = { 'data-testid': 'turn-status', 'data-state': 'running', 'data-step': step, 'data-mode': mode };
  // One answer on its own: its bubble shows it typing.
  if (responders.length < 2 && stepCount === 1 && step === 'answer') return null;
  if (!concurrent && mode === 'discuss' && step === 'answer') {
    const at = answering[0] === undefined ? done : responders.indexOf(answering[0]);
    const current = Math.min(Math.max(at, 0), responders.length - 1);
    const next = responders[current + 1];
    return (
      <p class="turn-status" {...attributes}>
        <span class="turn-step">
          {current + 1} of {responders.length}
        </span>
        <span class="turn-who">
          {name(responders[current] ?? '')} is answering{next ? `, ${name(next)} next` : ''}
        </span>
      </p>
    );
  }
  const parts: string[] = [];
  if (stepCount > 1) parts.push(`${STEP_NOUN[step]} (step ${stepIndex + 1} of ${stepCount})`);
  else if (step !== 'answer') parts.push(STEP_NOUN[step]);
  if (done > 0) parts.push(`${done} of ${responders.length} done`);
  if (answering.length > 0) {
    parts.push(`${andList(answering.map(name))} ${STEP_VERB[step][answering.length === 1 ? 0 : 1]}`);
  }
  return (
    <p class="turn-status" {...attributes}>
      <span class="turn-step">{MODE_LABEL[mode]}</span>
      {/* Read as one sentence; the badge and the rest are set apart on screen. */}
      <span class="visually-hidden"> · </span>
      <span class="turn-who">{parts.join(' · ')}</span>
    </p>
  );
}
