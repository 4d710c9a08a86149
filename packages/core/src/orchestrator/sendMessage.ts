import { planForMessage } from '../council/plans';
import { describeRouting } from '../router/describeRouting';
import { route } from '../router/route';
import { unroutedOf } from '../router/unroutedOf';
import type { DiscussionMode } from '../transcript/plan';
import type { ContextBlock, ImageRef, Message } from '../transcript/schema';
import { refuseAbsent, splitSeats } from './absentSeats';
import { type IntentResult, refuse } from './result';
import { runPlan, type TurnContext } from './turnIntents';

// A user message: who it goes to, the plan it starts, and the message itself. Part of the turns' code.

export interface MessageInput {
  text: string;
  /** Targets chosen in the UI (only when the text mentions nobody). */
  explicitTargets?: readonly string[] | undefined;
  contextBlocks: ContextBlock[];
  images: ImageRef[];
  /** Who the thread speaks to now (a seat or a group), and who spoke last (round robin). */
  speakingTo: string | null;
  lastAssistantSpeaker: string | null;
  /** A Council whose seats argue sides: one for, one against, the others both (ignored in other modes). */
  stances?: boolean;
  /** The mode of this message alone, whatever the thread's (a continuation is one seat going on, in Discuss). */
  mode?: DiscussionMode;
}

const GONE = 'That thread is not open any more.';

/**
 * Routes a user message and starts the turn it asks for, with the seats that can answer now: a seat that needs a
 * login or cannot be reached is left out (the view names it once, with its fix, above the message box), and the
 * message is refused whole only when none of those it addresses can answer. A Council that would be left with one
 * seat is refused with why: one seat cannot review another. A refused message is neither stored nor sent.
 */
export function sendMessage(ctx: TurnContext, threadId: string, input: MessageInput): IntentResult {
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
  const unrouted = unroutedOf(decision);
  const question: Message | undefined = ctx.store.append(
    threadId,
    {
      id: ctx.ids.next(),
      role: 'user',
      speaker: 'user',
      content: input.text,
      ...(input.contextBlocks.length > 0 ? { contextBlocks: input.contextBlocks } : {}),
      ...(input.images.length > 0 ? { images: input.images } : {}),
      targets: decision.targets,
      ...(unrouted ? { unrouted } : {}),
      status: 'complete',
    },
    'urgent',
  );
  if (!question) return refuse(GONE);
  // A message that names one group speaks to that group from then on; else to the last seat it named.
  const lastMentioned = decision.groups.length === 1 ? decision.groups[0] : decision.targets.at(-1);
  if (decision.reason === 'mentions' && lastMentioned) {
    ctx.table.setDefaultTarget(lastMentioned);
    ctx.store.setSpeakingTo(threadId, lastMentioned);
  }
  const previous = (ctx.store.transcript(threadId)?.plans ?? []).findLast((p) => p.kind === 'message');
  const draft = planForMessage({
    id: ctx.ids.next(),
    question: question.id,
    mode,
    seats: decision.targets,
    ordered: (decision.reason === 'mentions' && decision.groups.length === 0) || decision.reason === 'explicit',
    previousFirst: previous?.steps[0]?.seats[0],
    settings,
    canChair: (id) => ctx.table.canAnswer(id),
    ...(input.stances && mode === 'council' ? { stances: true } : {}),
  });
  return runPlan(ctx, threadId, draft);
}
