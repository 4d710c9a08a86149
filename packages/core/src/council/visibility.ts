import { isPromptMessage } from '../prompt/promptMessage';
import { conversationOrder } from '../transcript/conversationOrder';
import type { PlanStep, StepKind, TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';
import { questionOf } from './questionOf';

/** A reply a seat reads under review, with the seat that wrote it and that seat's neutral letter (if it has one). */
export interface ReadReply {
  seat: string;
  letter: string | undefined;
  message: Message;
}

/** What one reply may read, by its step's rule. */
export interface Visibility {
  /** The step's kind and rule; a reply of no plan (older threads) reads everything before it, under names. */
  kind: StepKind;
  rule: Pick<PlanStep, 'reads' | 'names'>;
  plan: TurnPlan | undefined;
  /** The conversation it reads, in conversation order (replies under review excluded). */
  context: Message[];
  /** The replies under review (`peers`, `council`, `target`), in the order this seat reads them. */
  responses: ReadReply[];
  /** The synthesis: the reviews of the plan's second step, in conversation order. */
  reviews: ReadReply[];
  /** Seats of the plan's first step whose answer it would have read but cannot: none came, or nothing usable. */
  missing: ReadReply['seat'][];
  /** Replies before its place that the rule keeps from it (what `all` would have shown and it does not read). */
  hidden: Message[];
}

const EVERYTHING: Pick<PlanStep, 'reads' | 'names'> = { reads: 'all', names: 'labelled' };

/**
 * What the reply `messageId` may read, spoken by `speakerId`: the one pure function every prompt goes through, for a
 * reply that starts, a retry, an alternative and the prompt inspector alike. The rule is the step of the reply (for
 * an alternative, of its original: it answers what the original answered and sees what the original saw):
 * - `all`: everything before its place; `blind`: the thread up to and including the turn's question;
 * - `earlier`: everything before its place but the replies of its own plan;
 * - `peers`: `blind`, and the first step's answers of every other seat; `council`: `blind`, every first-step answer
 *   and every review; `target`: the reviewed reply's question (and the thread before it) and that reply;
 * - `disputes`: `blind` (its prompt adds the round's claims and arguments); `positions`: `blind`, and every position
 *   of the round (a dispute round's chair).
 * Answers under review are the originals (not alternatives) that are not deleted, in the order the step recorded for
 * this seat (else seat order). An answer with nothing to read (failed before any text, stopped empty) is `missing`.
 */
export function visibleTo(transcript: Transcript, messageId: string, speakerId: string): Visibility {
  const messages = conversationOrder(transcript.messages) as Message[];
  const index = new Map(messages.map((m, i) => [m.id, i]));
  const message = messages[index.get(messageId) ?? -1];
  const original = message?.alternativeOf === undefined ? message : messages[index.get(message.alternativeOf) ?? -1];
  const anchor = original ?? message;
  const at = anchor ? (index.get(anchor.id) ?? messages.length) : messages.length;
  const before = messages.slice(0, at);
  const ref = anchor?.step ?? message?.step;
  const plan = ref ? transcript.plans?.find((p) => p.id === ref.plan) : undefined;
  const step = ref ? plan?.steps[ref.index] : undefined;
  const empty = { responses: [], reviews: [], missing: [] };
  if (!plan || !step || !ref) return { kind: 'answer', rule: EVERYTHING, plan, context: before, ...empty, hidden: [] };

  const rule = { reads: step.reads, names: step.names };
  const upTo = (id: string | undefined) => messages.slice(0, (index.get(id ?? '') ?? at - 1) + 1);
  const answers = firstStepAnswers(messages, plan);
  const ordered = (seats: readonly string[]) => orderFor(step, speakerId, seats);
  let context: Message[];
  let responses: ReadReply[] = [];
  let reviews: ReadReply[] = [];
  let expected: string[] = [];
  switch (step.reads) {
    case 'all':
      context = before;
      break;
    case 'blind':
      context = upTo(plan.question);
      break;
    case 'earlier':
      context = before.filter((m) => m.step?.plan !== plan.id);
      break;
    case 'peers':
    case 'council': {
      context = upTo(plan.question);
      const first = plan.steps[0]?.seats ?? [];
      expected = ordered(step.reads === 'peers' ? first.filter((s) => s !== speakerId) : first);
      responses = expected.flatMap((seat) => readable(answers.get(seat), seat, plan));
      if (step.reads === 'council')
        reviews = stepReplies(messages, plan, 1).flatMap((m) => readable(m, m.speaker, plan));
      break;
    }
    case 'disputes':
      // The claims and arguments come from the plan and the thread's readings (`disputePrompt`), not from replies.
      context = upTo(plan.question);
      break;
    case 'positions': {
      context = upTo(plan.question);
      expected = ordered(plan.steps[0]?.seats ?? []);
      const positions = new Map(stepReplies(messages, plan, 0).map((m) => [m.speaker, m]));
      responses = expected.flatMap((seat) => readable(positions.get(seat), seat, plan));
      break;
    }
    case 'target': {
      const target = messages[index.get(plan.target ?? '') ?? -1];
      context = upTo((target && questionOf(transcript, target, messages)) ?? plan.question);
      if (target) {
        expected = [target.speaker];
        responses = readable(target, target.speaker, plan);
      }
      break;
    }
  }
  const shown = new Set([...context, ...responses.map((r) => r.message), ...reviews.map((r) => r.message)]);
  const hidden = before.filter((m) => m.role === 'assistant' && isPromptMessage(m) && !shown.has(m));
  const missing = expected.filter((seat) => !responses.some((r) => r.seat === seat));
  return { kind: step.kind, rule, plan, context, responses, reviews, missing, hidden };
}

/** The first step's answer of each seat (the original, not an alternative; not deleted), by seat. */
function firstStepAnswers(messages: readonly Message[], plan: TurnPlan): Map<string, Message> {
  return new Map(stepReplies(messages, plan, 0).map((m) => [m.speaker, m]));
}

/** The replies of one step of a plan, originals only, not deleted, in conversation order. */
function stepReplies(messages: readonly Message[], plan: TurnPlan, step: number): Message[] {
  return messages.filter(
    (m) =>
      m.role === 'assistant' &&
      m.step?.plan === plan.id &&
      m.step.index === step &&
      m.alternativeOf === undefined &&
      m.status !== 'deleted',
  );
}

function readable(message: Message | undefined, seat: string, plan: TurnPlan): ReadReply[] {
  if (!message || !isPromptMessage(message)) return [];
  return [{ seat, letter: plan.letters?.[seat], message }];
}

/** The seats in the order the step recorded for this reader, then any it did not record, in their given order. */
function orderFor(step: PlanStep, reader: string, seats: readonly string[]): string[] {
  const recorded = (step.orders?.[reader] ?? []).filter((s) => seats.includes(s));
  return [...recorded, ...seats.filter((s) => !recorded.includes(s))];
}
