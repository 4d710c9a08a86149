import { planForMessage } from '../council/plans';
import { describeRouting } from '../router/describeRouting';
import { type RouteDecision, route } from '../router/route';
import type { DiscussionMode, PlanDraft } from '../transcript/plan';
import { refuseAbsent, splitSeats } from './absentSeats';
import { type IntentResult, refuse } from './result';
import type { TurnContext } from './turnIntents';

// Who a user message goes to and the plan it starts, shared by sending it and by counting, before it is sent, what it
// would cost: the count is read off the very plan the send would run, so the two cannot drift apart.

/** What routing a message reads: the text, the UI's targets, and the thread's "speaking to" and last speaker. */
export interface RouteRequest {
  text: string;
  /** Targets chosen in the UI (only when the text mentions nobody). */
  explicitTargets?: readonly string[] | undefined;
  speakingTo: string | null;
  lastAssistantSpeaker: string | null;
  /** The mode of this message alone, whatever the thread's (a continuation is one seat going on, in Discuss). */
  mode?: DiscussionMode | undefined;
}

/** What routing and planning a message read: the table (its seats and settings) and the thread's choices. */
export type Routing = Pick<TurnContext, 'store' | 'table'>;

/** A message routed: who answers (`decision.targets`, the seats that can answer now) and in which mode. */
export interface RoutedMessage {
  decision: RouteDecision;
  mode: DiscussionMode;
}

/**
 * Routes a user message over the seats that can answer now: a seat that needs a login or cannot be reached is left
 * out, and the message is refused whole (with why, and the fix of the first absent seat that has one) only when none
 * of those it addresses can answer, when its names all fail, or when a Council would be left with one seat (one seat
 * cannot review another). Pure over the table and the thread's choices: it stores nothing.
 */
export function routeMessage(ctx: Routing, threadId: string, input: RouteRequest): RoutedMessage | IntentResult {
  const { settings } = ctx.table;
  const { participants, routerMode, maxRespondersPerTurn, groups } = settings;
  const decision = route({
    text: input.text,
    participants,
    groups,
    mode: routerMode,
    defaultTarget: input.speakingTo,
    lastAssistantSpeaker: input.lastAssistantSpeaker,
    maxResponders: maxRespondersPerTurn,
    absent: splitSeats(
      participants.map((p) => p.id),
      ctx.table,
    ).absent.map((a) => a.id),
    ...(input.explicitTargets ? { explicitTargets: input.explicitTargets } : {}),
  });
  if (decision.reason === 'unroutable') {
    return refuse(describeRouting(decision, participants, maxRespondersPerTurn) ?? 'Nobody named can answer.');
  }
  if (decision.reason === 'absent') return refuseAbsent(splitSeats(decision.absent, ctx.table).absent, ctx.table);
  if (decision.targets.length === 0) {
    return refuse('No participant can answer: enable or unmute one in the setting roundtable.participants.');
  }
  const group = decision.groups.length === 1 ? groups.find((g) => g.id === decision.groups[0]) : undefined;
  const mode = input.mode ?? group?.mode ?? ctx.store.choices(threadId)?.mode ?? 'discuss';
  if (mode === 'council' && decision.targets.length === 1 && decision.absent.length > 0) {
    const only = ctx.table.participant(decision.targets[0] ?? '')?.displayName ?? decision.targets[0];
    return refuseAbsent(
      splitSeats(decision.absent, ctx.table).absent,
      ctx.table,
      `Not sent: a Council needs two seats that can answer, and only ${only} can now`,
    );
  }
  return { decision, mode };
}

/** Whether routing refused the message (then it is neither stored nor sent). */
export function isRefused(routed: RoutedMessage | IntentResult): routed is IntentResult {
  return !('decision' in routed);
}

/**
 * The plan a routed message starts: `id` is the plan's, `question` the stored message's. `previousFirst`: the first
 * seat of the thread's previous message plan (for the rotating order). With `stances`, a Council's seats argue sides.
 */
export function messagePlan(
  ctx: Routing,
  threadId: string,
  routed: RoutedMessage,
  ids: { id: string; question: string },
  stances: boolean,
): PlanDraft {
  const { decision, mode } = routed;
  const previous = (ctx.store.transcript(threadId)?.plans ?? []).findLast((p) => p.kind === 'message');
  return planForMessage({
    ...ids,
    mode,
    seats: decision.targets,
    ordered: (decision.reason === 'mentions' && decision.groups.length === 0) || decision.reason === 'explicit',
    previousFirst: previous?.steps[0]?.seats[0],
    settings: ctx.table.settings,
    canChair: (id) => ctx.table.canAnswer(id),
    ...(stances && mode === 'council' ? { stances: true } : {}),
  });
}
