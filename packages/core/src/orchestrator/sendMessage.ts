import { unroutedOf } from '../router/unroutedOf';
import type { DiscussionMode } from '../transcript/plan';
import type { ContextBlock, ImageRef, Message } from '../transcript/schema';
import { type IntentResult, refuse } from './result';
import { isRefused, messagePlan, routeMessage } from './routeMessage';
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
 * Routes a user message (`routeMessage`: the seats that can answer now, or a refusal with why) and starts the turn it
 * asks for. A refused message is neither stored nor sent.
 */
export function sendMessage(ctx: TurnContext, threadId: string, input: MessageInput): IntentResult {
  const routed = routeMessage(ctx, threadId, input);
  if (isRefused(routed)) return routed;
  const { decision } = routed;
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
  const draft = messagePlan(
    ctx,
    threadId,
    routed,
    { id: ctx.ids.next(), question: question.id },
    input.stances === true,
  );
  return runPlan(ctx, threadId, draft);
}
