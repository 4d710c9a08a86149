import * as v from 'valibot';
import { expect } from 'vitest';
import { parseTranscript } from '../../src/transcript/parseTranscript';
import { type Message, TRANSCRIPT_VERSION, type Transcript, TranscriptShape } from '../../src/transcript/schema';

// The fuzz tests' own checker of every invariant an accepted thread must meet (not findInvariantViolation, which is
// what is under test).

/** Every invariant an accepted thread must meet, as a list of what is broken (empty when none). */
export function brokenInvariants(t: Transcript): string[] {
  const broken: string[] = [];
  if (t.version !== TRANSCRIPT_VERSION) {
    broken.push(`version ${t.version}: accepted files are upgraded to ${TRANSCRIPT_VERSION}`);
  }
  if (!v.safeParse(TranscriptShape, t).success) broken.push('does not have the shape of a thread');
  if (new Set(t.participants).size !== t.participants.length) broken.push('duplicate participants');
  const time = (m: Message) => Date.parse(m.createdAt);
  t.messages.forEach((m, i) => {
    const at = `messages[${i}] (${m.id})`;
    if (m.seq !== i) broken.push(`${at}: seq ${m.seq}`);
    if (t.messages.findIndex((other) => other.id === m.id) !== i) broken.push(`${at}: id used before`);
    if (m.role === 'user' && m.speaker !== 'user') broken.push(`${at}: user message spoken by ${m.speaker}`);
    if (m.role === 'system' && m.speaker !== 'system') broken.push(`${at}: system message spoken by ${m.speaker}`);
    if (m.role === 'assistant' && !t.participants.includes(m.speaker)) {
      broken.push(`${at}: reply by ${m.speaker}, who is not a participant`);
    }
    if (m.status === 'streaming') broken.push(`${at}: streaming on disk`);
    const hasErrorText = typeof m.error === 'string' && m.error.trim() !== '';
    if (m.status === 'error' && !hasErrorText) broken.push(`${at}: error without its text`);
    if (m.status !== 'error' && m.error !== undefined) broken.push(`${at}: error text on a ${m.status} message`);
    if (m.status === 'deleted' && (m.content !== '' || (m.contextBlocks ?? m.images) !== undefined)) {
      broken.push(`${at}: tombstone that keeps content, context or images`);
    }
    if (m.role !== 'user' && (m.contextBlocks ?? m.images ?? m.targets ?? m.unrouted) !== undefined) {
      broken.push(`${at}: context, images, targets or unrouted names on a ${m.role} message`);
    }
    if (m.role !== 'assistant' && (m.attempt ?? m.leftOut ?? m.alternativeOf ?? m.step ?? m.reviewOf ?? m.timing)) {
      broken.push(`${at}: attempt, left-out count, alternative, step, review or timing on a ${m.role} message`);
    }
    if (m.step !== undefined) {
      const plan = t.plans?.find((p) => p.id === m.step?.plan);
      if (!plan || m.step.index >= plan.steps.length) broken.push(`${at}: step of no plan step`);
    }
    if (m.reviewOf !== undefined) {
      const reviewed = t.messages.slice(0, i).find((earlier) => earlier.id === m.reviewOf);
      if (reviewed?.role !== 'assistant' || reviewed.reviewOf !== undefined) {
        broken.push(`${at}: review of ${m.reviewOf}, which is not an earlier reply that is not a review`);
      }
    }
    if (m.alternativeOf !== undefined) {
      const original = t.messages.slice(0, i).find((earlier) => earlier.id === m.alternativeOf);
      if (original?.role !== 'assistant' || original.alternativeOf !== undefined) {
        broken.push(`${at}: alternative of ${m.alternativeOf}, which is not an earlier original reply`);
      }
    }
    const previous = t.messages[i - 1];
    if (previous && !(time(previous) < time(m) || (time(previous) === time(m) && previous.id < m.id))) {
      broken.push(`${at}: not after ${previous.id} in (createdAt, id) order`);
    }
  });
  broken.push(...brokenPlans(t));
  return broken;
}

/** The plans' own invariants: unique, in (createdAt, id) order, answering a user message, reviewing a reply. */
function brokenPlans(t: Transcript): string[] {
  const broken: string[] = [];
  const plans = t.plans ?? [];
  plans.forEach((p, i) => {
    const at = `plans[${i}] (${p.id})`;
    if (plans.findIndex((other) => other.id === p.id) !== i) broken.push(`${at}: id used before`);
    const previous = plans[i - 1];
    const time = (x: { createdAt: string }) => Date.parse(x.createdAt);
    if (previous && !(time(previous) < time(p) || (time(previous) === time(p) && previous.id < p.id))) {
      broken.push(`${at}: not after ${previous.id}`);
    }
    if (t.messages.find((m) => m.id === p.question)?.role !== 'user') broken.push(`${at}: answers no user message`);
    if ((p.kind === 'review') !== (p.target !== undefined)) broken.push(`${at}: target on the wrong kind`);
    if (p.target !== undefined && t.messages.find((m) => m.id === p.target)?.role !== 'assistant') {
      broken.push(`${at}: reviews no reply`);
    }
    const letters = Object.values(p.letters ?? {});
    if (new Set(letters).size !== letters.length) broken.push(`${at}: a letter used twice`);
    for (const step of p.steps) {
      if (new Set(step.seats).size !== step.seats.length) broken.push(`${at}: a seat twice in a step`);
      for (const [reader, order] of Object.entries(step.orders ?? {})) {
        if (!step.seats.includes(reader) || new Set(order).size !== order.length) broken.push(`${at}: bad order`);
      }
    }
  });
  return broken;
}

/** Whatever parseTranscript accepts holds the invariants and reads back the same after a trip through JSON. */
export function expectSound(input: unknown): boolean {
  const result = parseTranscript(input);
  if (!result.ok) {
    expect(typeof result.error).toBe('string');
    expect(result.error).not.toBe('');
    return false;
  }
  expect(brokenInvariants(result.value)).toEqual([]);
  const again = parseTranscript(JSON.parse(JSON.stringify(result.value)));
  expect(again).toEqual({ ok: true, value: result.value });
  return true;
}
