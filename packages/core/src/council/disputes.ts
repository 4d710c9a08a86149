import type { TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';
import type { LedgerClaim, Position, SynthesisReading } from '../transcript/synthesisReading';
import { isSynthesis } from './synthesisStep';
import { tallyOf } from './tally';

// Dispute rounds (Discuss disputes): what a round argues, where each seat stood before it, and when the rounds stop.
// Pure, over the thread as stored, so every window and every reload reads the same rounds.

/** What the panel and the turn loop read of a reply here (a page's view of a message has no `seq`). */
export type DisputeReply = Pick<
  Message,
  'id' | 'role' | 'speaker' | 'step' | 'alternativeOf' | 'status' | 'content' | 'synthesis' | 'positions'
>;

/** The thread as dispute rounds read it: its replies and its plans. */
export interface DisputeThread {
  messages: readonly DisputeReply[];
  plans?: readonly TurnPlan[] | undefined;
}

/** Where a seat stood on a claim before a round: its position, and the argument it gave for it (none at first). */
export interface Standing {
  position: Position;
  argument: string;
}

/** The arguments each side had before a round, distinct, in the order first given; whose they are is not kept. */
export interface Sides {
  for: string[];
  against: string[];
}

/** Why the rounds of a dispute stopped, or that another follows with the claims still disputed. */
export type DisputeOutcome =
  | { kind: 'settled' }
  | { kind: 'stalled' }
  | { kind: 'cap'; rounds: number }
  | { kind: 'unread' }
  | { kind: 'continue'; claims: string[] };

/** A claim is disputed when one seat holds it and another rejects it (all rejecting it is agreement). */
export function isDisputed(claim: Pick<LedgerClaim, 'marks'>): boolean {
  const marks = Object.values(claim.marks);
  return marks.includes('supported') && marks.includes('disputed');
}

/**
 * The claims a synthesis leaves disputed: those of its ledger, and, when its vote is split, that the answer given most
 * is right (marked by each seat's vote), unless its ledger already disputes a claim worded so.
 */
export function disputedClaims(reading: SynthesisReading | undefined): LedgerClaim[] {
  const claims = (reading?.claims ?? []).filter(isDisputed);
  const tally = reading?.vote ? tallyOf(reading.vote) : undefined;
  const top = tally?.groups[0];
  if (!reading?.vote || !tally || tally.unanimous || !top) return claims;
  const claim = `The answer is ${top.answer}.`;
  if (claims.some((c) => c.claim === claim)) return claims;
  const marks = Object.fromEntries(
    Object.entries(reading.vote.answers).map(([seat, answer]) => [
      seat,
      answer === top.answer ? 'supported' : 'disputed',
    ]),
  ) as LedgerClaim['marks'];
  return [...claims, { claim, marks }];
}

/** The synthesis a dispute round argues from (its plan's `disputes.of`), with the plan that wrote it. */
function source(transcript: DisputeThread, plan: TurnPlan): { synthesis: DisputeReply; plan: TurnPlan } | undefined {
  const synthesis = transcript.messages.find((m) => m.id === plan.disputes?.of);
  const of = synthesis?.step && transcript.plans?.find((p) => p.id === synthesis.step?.plan);
  return synthesis && of ? { synthesis, plan: of } : undefined;
}

/** The position replies of a dispute round (its first step's originals, not deleted). */
export function positionReplies(transcript: DisputeThread, plan: TurnPlan): DisputeReply[] {
  return transcript.messages.filter(
    (m) =>
      m.role === 'assistant' &&
      m.step?.plan === plan.id &&
      m.step.index === 0 &&
      m.alternativeOf === undefined &&
      m.status !== 'deleted',
  );
}

/** The positions a round's replies took on claim `text`, by seat: each with its argument. */
function positionsOn(transcript: DisputeThread, plan: TurnPlan, text: string): Map<string, Standing> {
  const index = plan.disputes?.claims.indexOf(text) ?? -1;
  const taken = new Map<string, Standing>();
  if (index < 0) return taken;
  for (const reply of positionReplies(transcript, plan)) {
    const on = reply.positions?.claims?.find((c) => c.claim === index);
    if (on) taken.set(reply.speaker, { position: on.position, argument: on.argument });
  }
  return taken;
}

/**
 * Where each seat stood on each claim of dispute round `plan` before it (by the claim's index): its mark in the ledger
 * the round argues from (no argument of its own yet), then, from the second round on, the position and argument it
 * took in the round before, where it took one.
 */
export function standingsBefore(transcript: Transcript, plan: TurnPlan): Map<string, Standing>[] {
  const from = source(transcript, plan);
  const ledger = disputedClaims(from?.synthesis.synthesis);
  return (plan.disputes?.claims ?? []).map((text) => {
    const standings = new Map<string, Standing>();
    for (const [seat, mark] of Object.entries(ledger.find((c) => c.claim === text)?.marks ?? {})) {
      if (mark !== 'not addressed') standings.set(seat, { position: mark, argument: '' });
    }
    if (from?.plan.kind === 'disputes') {
      for (const [seat, standing] of positionsOn(transcript, from.plan, text)) standings.set(seat, standing);
    }
    return standings;
  });
}

/**
 * The arguments on each side of each claim of dispute round `plan` before it: the strongest on each side as the
 * chair wrote them in the ledger it argues from, then those the seats gave in the round before (for a claim they
 * held, and against one they rejected), each once.
 */
export function sidesBefore(transcript: Transcript, plan: TurnPlan): Sides[] {
  const from = source(transcript, plan);
  const ledger = from?.synthesis.synthesis?.claims ?? [];
  return (plan.disputes?.claims ?? []).map((text) => {
    const claim = ledger.find((c) => c.claim === text);
    const sides: Sides = { for: claim?.for ? [claim.for] : [], against: claim?.against ? [claim.against] : [] };
    if (from?.plan.kind === 'disputes') {
      for (const { position, argument } of positionsOn(transcript, from.plan, text).values()) {
        const side = position === 'supported' ? sides.for : sides.against;
        if (argument.trim() !== '' && !side.includes(argument)) side.push(argument);
      }
    }
    return sides;
  });
}

/** The chair's synthesis of a dispute round (its second step's original), when it has one. */
export function roundSynthesis(transcript: DisputeThread, plan: TurnPlan): DisputeReply | undefined {
  return transcript.messages.find(
    (m) =>
      m.step?.plan === plan.id &&
      m.alternativeOf === undefined &&
      m.status !== 'deleted' &&
      isSynthesis(transcript.plans, m),
  );
}

/** Whether any seat changed its position on any claim in dispute round `plan`. */
export function roundChanged(transcript: DisputeThread, plan: TurnPlan): boolean {
  return positionReplies(transcript, plan).some((m) => m.positions?.claims?.some((c) => c.changed) ?? false);
}

/**
 * After dispute round `plan`, read from its chair's updated ledger: `settled` when no claim is disputed any more;
 * `cap` at the last round allowed (`maxRounds`); `stalled` when this round and the one before changed no seat's
 * position; `unread` when the chair's synthesis gave no reading to go on (it failed, or its ledger could not be read);
 * else `continue`, with the claims still disputed.
 */
export function disputeOutcome(transcript: Transcript, plan: TurnPlan, maxRounds: number): DisputeOutcome {
  const round = plan.disputes?.round ?? 1;
  const reading = roundSynthesis(transcript, plan)?.synthesis;
  if (!reading?.claims && !reading?.vote) return { kind: 'unread' };
  const claims = disputedClaims(reading).map((c) => c.claim);
  if (claims.length === 0) return { kind: 'settled' };
  if (round >= maxRounds) return { kind: 'cap', rounds: round };
  const previous = source(transcript, plan)?.plan;
  if (previous?.kind === 'disputes' && !roundChanged(transcript, plan) && !roundChanged(transcript, previous)) {
    return { kind: 'stalled' };
  }
  return { kind: 'continue', claims };
}
