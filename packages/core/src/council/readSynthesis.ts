import type { TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';
import type { MissingWhy, SynthesisReading, Vote } from '../transcript/synthesisReading';
import { type LedgerReading, parseLedger } from './ledger';
import { normalAnswer, statedAnswer } from './shortAnswer';
import { isSynthesis, unreadSyntheses } from './synthesisStep';
import { visibleTo } from './visibility';

/**
 * What a council's synthesis says, read once (when it ends, or for an older thread when it is first shown): its
 * ledger with each letter put back to the seat it stands for, and the answering seats whose answers it did not have,
 * by the rule its prompt was built with (`visibleTo`), and the vote, when the question had a short answer
 * (`voteOf`). Undefined for a reply that is not a synthesis, or said nothing. Pure: the same text and thread give the
 * same reading in every window.
 */
export function readSynthesis(transcript: Transcript, message: Message): SynthesisReading | undefined {
  if (!isSynthesis(transcript.plans, message) || !/\S/.test(message.content)) return undefined;
  const visibility = visibleTo(transcript, message.id, message.speaker);
  const plan = visibility.plan;
  const seatOf = new Map(Object.entries(plan?.letters ?? {}).map(([seat, letter]) => [letter, seat]));
  const reading = parseLedger(message.content, [...seatOf.keys()].sort());
  const without = Object.fromEntries(
    visibility.missing.map((seat) => [seat, whyMissing(transcript.messages, plan?.id, seat)]),
  );
  const vote = plan ? voteOf(transcript.messages, plan, reading) : undefined;
  return {
    ...(reading.kind === 'ledger'
      ? {
          claims: reading.claims.map(({ marks, ...claim }) => ({
            ...claim,
            marks: Object.fromEntries(Object.entries(marks).map(([letter, mark]) => [seatOf.get(letter), mark])),
          })),
          answer: reading.answer,
        }
      : {}),
    ...(reading.kind === 'malformed' ? { malformed: reading.reason } : {}),
    ...(visibility.missing.length > 0 ? { without } : {}),
    ...(vote ? { vote } : {}),
  };
}

/**
 * The vote of a council whose question had one short answer: each answering seat's final answer in normal form (the
 * one its answer states on a line of its own, else the one the chair read in it), and the synthesis's own. Undefined
 * unless at least two seats gave one: a question with no short answer has no vote.
 */
export function voteOf(messages: readonly Message[], plan: TurnPlan, reading: LedgerReading): Vote | undefined {
  const answers: Record<string, string> = {};
  for (const m of messages) {
    if (m.step?.plan !== plan.id || m.step.index !== 0 || m.alternativeOf !== undefined || m.role !== 'assistant')
      continue;
    if (m.status === 'deleted' || !/\S/.test(m.content)) continue;
    const letter = plan.letters?.[m.speaker];
    const said = statedAnswer(m.content) ?? (letter ? reading.answers?.[letter] : undefined);
    const normal = said === undefined ? undefined : normalAnswer(said);
    if (normal !== undefined) answers[m.speaker] = normal;
  }
  if (Object.keys(answers).length < 2) return undefined;
  const own = statedAnswer(reading.answer);
  const synthesis = own === undefined ? undefined : normalAnswer(own);
  return { answers, ...(synthesis !== undefined ? { synthesis } : {}) };
}

/**
 * The thread with each synthesis that ended with text and was never read (an older thread's) read, as the host would
 * store it when the thread is shown: for an export of a thread that was not.
 */
export function withSyntheses(transcript: Transcript): Transcript {
  const unread = new Set(unreadSyntheses(transcript).map((m) => m.id));
  if (unread.size === 0) return transcript;
  const read = (m: Message) => {
    const synthesis = unread.has(m.id) ? readSynthesis(transcript, m) : undefined;
    return synthesis ? { ...m, synthesis } : m;
  };
  return { ...transcript, messages: transcript.messages.map(read) };
}

/** Why a seat's first-step answer is not there to read: it failed, it was stopped, or it never came (or said nothing). */
function whyMissing(messages: readonly Message[], planId: string | undefined, seat: string): MissingWhy {
  const answer = messages.find(
    (m) => m.step?.plan === planId && m.step?.index === 0 && m.speaker === seat && m.alternativeOf === undefined,
  );
  if (answer?.status === 'error') return 'failed';
  return answer?.status === 'cancelled' ? 'stopped' : 'none';
}
