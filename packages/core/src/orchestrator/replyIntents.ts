import { isRoutable } from '../participants/participant';
import { retriable } from './replyTransitions';
import { type IntentResult, refuse } from './result';
import { startReply, type TurnContext } from './turnIntents';

// One reply outside any new plan: run again in its place, or asked of another seat. Part of the turns' code.

/**
 * Runs a failed or stopped reply again, in place: a new attempt of the same message, in the same position, from
 * the messages before it. The replies after it keep what they said.
 */
export function retryReply(ctx: TurnContext, threadId: string, messageId: string): IntentResult {
  if (ctx.runner.isBusy(threadId)) return refuse('A reply is still streaming in this thread.');
  const message = ctx.store.message(threadId, messageId);
  if (message?.role !== 'assistant') return refuse('Only a reply can be retried.');
  if (!retriable(message)) {
    return refuse('Only a failed or stopped reply, or a synthesis whose ledger could not be read, can be retried.');
  }
  const participant = ctx.table.participant(message.speaker);
  if (!participant?.enabled) return refuse(`"${message.speaker}" is no longer an enabled participant.`);
  if (participant.muted) {
    return refuse(`${participant.displayName} is muted: unmute it in roundtable.participants to retry its reply.`);
  }
  return startReply(ctx, threadId, participant.id, { kind: 'rerun', messageId });
}

/**
 * Asks another participant to answer what a reply answered ("Regenerate as…"): a new reply, shown beside the
 * original as its alternative, from the same messages the original had before it. The original stays.
 */
export function regenerateAs(
  ctx: TurnContext,
  threadId: string,
  messageId: string,
  participantId: string,
): IntentResult {
  if (ctx.runner.isBusy(threadId)) return refuse('A reply is still streaming in this thread.');
  const message = ctx.store.message(threadId, messageId);
  if (message?.role !== 'assistant' || message.status === 'deleted') {
    return refuse('Only a reply that is still there can be regenerated.');
  }
  const participant = ctx.table.participant(participantId);
  if (!participant || !isRoutable(participant)) {
    return refuse(`"${participantId}" is not a participant who can answer (enabled and not muted).`);
  }
  const original = message.alternativeOf ?? message.id;
  // It answers what the original answered and reads what the original read: it takes the original's step.
  const step = ctx.store.message(threadId, original)?.step;
  const target = { kind: 'alternative' as const, of: original, ...(step ? { step } : {}) };
  return startReply(ctx, threadId, participant.id, target);
}
