import { readReply } from '@roundtable/core/council/readReply';
import type { StepKind, TurnPlan } from '@roundtable/core/transcript/plan';
import type { Message } from '@roundtable/core/transcript/schema';

// Format adherence: for each reply a Council or a dispute round asked for, whether the pipeline could read the format
// its prompt asked for, and if not, why. It reads what the pipeline read: the synthesis's ledger and a dispute
// position are the readings the orchestrator stored on the message (`synthesis`, `positions`), so this never
// disagrees with what the extension shows; an answer and a verdict, which the thread stores no reading of, are read
// with core's `readReply`.
// Invariant: every seat a step of a plan seated gives exactly one StepFormat, read or with a non-empty reason.

/** The formats measured, one per kind of step: a first answer's final answer, a review's verdict, a ledger, positions. */
export const FORMAT_KINDS = ['answer', 'verdict', 'ledger', 'positions'] as const;
export type FormatKind = (typeof FORMAT_KINDS)[number];

const KIND_OF_STEP: Record<StepKind, FormatKind> = {
  answer: 'answer',
  review: 'verdict',
  synthesis: 'ledger',
  position: 'positions',
};

/** One reply's format: read, or why not. `round` is 0 for the Council, n for the n-th dispute round. */
export type StepFormat = { kind: FormatKind; seat: string; round: number } & (
  | { read: true }
  | { read: false; reason: string }
);

/** Why a reply has no text to read (it failed, was stopped, said nothing); undefined when it has text. */
/** The reply a step asked of a seat: not a retry's alternative, not deleted. */
export function replyOf(
  messages: readonly Message[],
  plan: TurnPlan,
  index: number,
  seat: string,
): Message | undefined {
  return messages.find(
    (m) =>
      m.step?.plan === plan.id &&
      m.step.index === index &&
      m.speaker === seat &&
      m.alternativeOf === undefined &&
      m.status !== 'deleted',
  );
}

function missingText(reply: Message | undefined): string | undefined {
  if (!reply) return 'it never replied';
  if (reply.status === 'error') return `it failed: ${reply.error?.trim() || 'no error given'}`;
  if (reply.status === 'cancelled') return 'it was stopped';
  if (reply.status === 'streaming') return 'it had not finished';
  if (!/\S/.test(reply.content)) return 'it said nothing';
  return undefined;
}

/**
 * A first answer: read when it states a short final answer on a line of its own (`Answer: …`); a review: read when it
 * opens with a labelled verdict. Read by core's `readReply`, the readers the host uses, which also words the reason.
 */
export function textFormat(kind: 'answer' | 'review', text: string): string | undefined {
  const reading = readReply(kind, text);
  return 'unread' in reading ? reading.unread : undefined;
}

/** A synthesis: read when the stored reading holds the ledger's claims; else the reading's reason, or no ledger. */
export function ledgerFormat(reply: Pick<Message, 'synthesis'>): string | undefined {
  const reading = reply.synthesis;
  if (reading?.claims) return undefined;
  if (reading?.malformed !== undefined) return `its ledger could not be read: ${reading.malformed}`;
  return reading ? 'no ledger written' : 'it was not read as a synthesis';
}

/** A dispute round's reply: read when the stored reading holds its positions; else the reading's reason. */
export function positionsFormat(reply: Pick<Message, 'positions'>): string | undefined {
  const reading = reply.positions;
  if (reading?.claims) return undefined;
  if (reading?.malformed !== undefined) return `its positions could not be read: ${reading.malformed}`;
  return 'no positions stated';
}

function reasonFor(kind: FormatKind, reply: Message): string | undefined {
  if (kind === 'answer') return textFormat('answer', reply.content);
  if (kind === 'verdict') return textFormat('review', reply.content);
  if (kind === 'ledger') return ledgerFormat(reply);
  return positionsFormat(reply);
}

/**
 * The format of every reply the plans asked for, step by step and seat by seat as each step seated them (a seat
 * whose reply is missing counts, with why). `plans` are one question's: its Council, then its dispute rounds.
 */
export function stepFormats(messages: readonly Message[], plans: readonly TurnPlan[]): StepFormat[] {
  const formats: StepFormat[] = [];
  for (const plan of plans) {
    const round = plan.kind === 'disputes' ? (plan.disputes?.round ?? 1) : 0;
    for (const [index, step] of plan.steps.entries()) {
      const kind = KIND_OF_STEP[step.kind];
      for (const seat of step.seats) {
        const reply = replyOf(messages, plan, index, seat);
        const reason = missingText(reply) ?? reasonFor(kind, reply as Message);
        formats.push(
          reason === undefined ? { kind, seat, round, read: true } : { kind, seat, round, read: false, reason },
        );
      }
    }
  }
  return formats;
}
