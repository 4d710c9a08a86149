import type { TurnCost } from '../protocol/turnCost';
import type { PlanDraft } from '../transcript/plan';
import { lastAssistantSpeaker } from './lastSpeaker';
import { isRefused, messagePlan, type RouteRequest, type Routing, routeMessage } from './routeMessage';
import type { OrchestratorSettings } from './settings';

// What a message would cost before it is sent: one rule, read off the plan the send would run. Part of the turns' code.

/** Ids no stored thing has: the plan built to be counted is never stored nor run. */
const COUNTED = { id: 'counted-plan', question: 'counted-question' };

/** The requests a plan makes when every step runs whole: one per seat of each step. */
export function planRequests(plan: Pick<PlanDraft, 'steps'>): number {
  return plan.steps.reduce((n, step) => n + step.seats.length, 0);
}

/**
 * What the plan of a message costs (see `TurnCost`): its requests whole; fewer when a Council of several seats may
 * end at the vote (`skipWhenUnanimous`: its answers alone); more when a Discuss of several seats may go on by Another
 * round, each round the same seats again, up to `maxRounds` rounds in all.
 */
export function costOfPlan(
  plan: Pick<PlanDraft, 'mode' | 'steps'>,
  settings: Pick<OrchestratorSettings, 'maxRounds' | 'skipWhenUnanimous'>,
): TurnCost {
  const seats = plan.steps[0]?.seats ?? [];
  const requests = planRequests(plan);
  const cost: TurnCost = { kind: 'sends', mode: plan.mode, seats: [...seats], requests };
  if (plan.mode === 'council' && plan.steps.length > 1 && settings.skipWhenUnanimous) {
    return { ...cost, fewest: seats.length };
  }
  if (plan.mode === 'discuss' && seats.length > 1 && settings.maxRounds > 1) {
    return { ...cost, most: requests * settings.maxRounds, rounds: settings.maxRounds };
  }
  return cost;
}

/**
 * What sending `input` now would cost, or why it would not be sent: routed and planned by the same code as the send
 * (`routeMessage`, `messagePlan`), over the seats that can answer now. Nothing is stored.
 */
export function estimateTurn(ctx: Routing, threadId: string, input: RouteRequest & { stances?: boolean }): TurnCost {
  const routed = routeMessage(ctx, threadId, input);
  if (isRefused(routed)) return { kind: 'refused', reason: routed.ok ? 'Not sent.' : routed.reason };
  return costOfPlan(messagePlan(ctx, threadId, routed, COUNTED, input.stances === true), ctx.table.settings);
}

/**
 * What sending `text` to a thread the orchestrator holds would cost now, as `send` would route and plan it (its
 * "speaking to" choice and last speaker); undefined for a thread that is not open.
 */
export function estimateDraft(
  orchestrator: Routing & { speakingTo(threadId: string): string | null },
  threadId: string,
  text: string,
  stances: boolean,
): TurnCost | undefined {
  const transcript = orchestrator.store.transcript(threadId);
  if (!transcript) return undefined;
  return estimateTurn(orchestrator, threadId, {
    text,
    speakingTo: orchestrator.speakingTo(threadId),
    lastAssistantSpeaker: lastAssistantSpeaker(transcript.messages),
    ...(stances ? { stances } : {}),
  });
}
