import { andList } from '../base/andList';
import type { TurnPlan } from '../transcript/plan';
import type { PositionsReading } from '../transcript/synthesisReading';
import {
  type DisputeReply,
  type DisputeThread,
  disputedClaims,
  positionReplies,
  roundChanged,
  roundSynthesis,
} from './disputes';

// How Discuss disputes is said in the panel: when it is offered, what each seat took, what changed from one round to
// the next, and why the rounds ended. Derived from the thread (plans and readings), so every window says the same.

type Thread = DisputeThread & { plans: readonly TurnPlan[] };

/**
 * Whether Discuss disputes is offered on `message`: a Council's own synthesis whose ledger disputes a claim (or whose
 * vote is split), from which no dispute round has started. Returns how many claims it would argue (0: not offered).
 */
export function disputesOffered(message: DisputeReply, thread: Thread): number {
  const plan = message.step && thread.plans.find((p) => p.id === message.step?.plan);
  const step = plan?.steps[message.step?.index ?? -1];
  if (plan?.kind !== 'message' || plan.mode !== 'council' || step?.kind !== 'synthesis') return 0;
  if (message.status === 'streaming' || thread.plans.some((p) => p.disputes?.of === message.id)) return 0;
  return disputedClaims(message.synthesis).length;
}

const HOLDS = { supported: 'holds it', disputed: 'rejects it' } as const;

/** A dispute round's reply, claim by claim: "It is safe: rejects it (changed without a reason)." */
export function describePositions(reading: PositionsReading, plan: TurnPlan): string[] {
  if (reading.malformed !== undefined) return [`Its positions could not be read (${reading.malformed}).`];
  return (reading.claims ?? []).map((c) => {
    const claim = plan.disputes?.claims[c.claim] ?? `Claim ${c.claim + 1}`;
    const change = c.withoutReason ? ' (changed without a reason)' : c.changed ? ' (changed)' : ' (kept)';
    return `${claim}: ${HOLDS[c.position]}${change}.`;
  });
}

/**
 * What changed in dispute round `plan`, seat by seat: "Gemini now holds “It is safe”." or "GPT now rejects “It is
 * safe”, without a reason." (a change whose argument did not change); "No seat changed its position." when none did.
 */
export function describeRoundChanges(plan: TurnPlan, thread: Thread, name: (seat: string) => string): string[] {
  const lines: string[] = [];
  for (const reply of positionReplies(thread, plan)) {
    for (const c of reply.positions?.claims ?? []) {
      if (!c.changed) continue;
      const claim = plan.disputes?.claims[c.claim] ?? `claim ${c.claim + 1}`;
      const verb = c.position === 'supported' ? 'holds' : 'rejects';
      lines.push(`${name(reply.speaker)} now ${verb} “${claim}”${c.withoutReason ? ', without a reason' : ''}.`);
    }
  }
  return lines.length > 0 ? lines : ['No seat changed its position.'];
}

/**
 * Why the rounds of Discuss disputes ended, under the last one (undefined while another round follows it, or it has
 * not ended): nothing is disputed any more; two rounds in a row changed no position; its chair's ledger could not be
 * read; or it was the last round allowed (`roundtable.council.maxDisputeRounds`, or fewer seats could answer).
 */
export function describeDisputesEnd(plan: TurnPlan, thread: Thread): string | undefined {
  const synthesis = roundSynthesis(thread, plan);
  if (!synthesis || synthesis.status === 'streaming') return undefined;
  if (thread.plans.some((p) => p.disputes?.of === synthesis.id)) return undefined;
  const reading = synthesis.synthesis;
  const round = plan.disputes?.round ?? 1;
  if (!reading?.claims && !reading?.vote) return 'The rounds ended: this round’s ledger could not be read.';
  const disputed = disputedClaims(reading);
  if (disputed.length === 0) return 'The rounds ended: nothing is disputed any more.';
  const of = thread.messages.find((m) => m.id === plan.disputes?.of);
  const previous = of?.step && thread.plans.find((p) => p.id === of.step?.plan);
  if (previous?.kind === 'disputes' && !roundChanged(thread, plan) && !roundChanged(thread, previous)) {
    return 'The rounds ended: two rounds in a row changed no position.';
  }
  const still = andList(disputed.map((c) => `“${c.claim}”`));
  return `The rounds ended after round ${round} (roundtable.council.maxDisputeRounds); still disputed: ${still}.`;
}
