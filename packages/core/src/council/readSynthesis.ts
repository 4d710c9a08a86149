import type { Message, Transcript } from '../transcript/schema';
import type { MissingWhy, SynthesisReading } from '../transcript/synthesisReading';
import { parseLedger } from './ledger';
import { isSynthesis, unreadSyntheses } from './synthesisStep';
import { visibleTo } from './visibility';

/**
 * What a council's synthesis says, read once (when it ends, or for an older thread when it is first shown): its
 * ledger with each letter put back to the seat it stands for, and the answering seats whose answers it did not have,
 * by the rule its prompt was built with (`visibleTo`). Undefined for a reply that is not a synthesis, or said
 * nothing. Pure: the same text and thread give the same reading in every window.
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
  return {
    ...(reading.kind === 'ledger'
      ? {
          claims: reading.claims.map(({ claim, marks }) => ({
            claim,
            marks: Object.fromEntries(Object.entries(marks).map(([letter, mark]) => [seatOf.get(letter), mark])),
          })),
          answer: reading.answer,
        }
      : {}),
    ...(reading.kind === 'malformed' ? { malformed: reading.reason } : {}),
    ...(visibility.missing.length > 0 ? { without } : {}),
  };
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
