import type { Transcript } from '../transcript/schema';
import { type IntentResult, refuse } from './result';

/** What Continue asks a seat whose reply stopped at its length limit, after its @-name. */
export const CONTINUE_ASK = 'Go on from where your last reply stopped, without repeating it.';

/**
 * The message that asks the seat of a reply cut at its length limit to go on: to that seat alone, by its @-name, so
 * the thread says who was asked and why. It is sent in Discuss whatever the thread's mode: one seat going on reads
 * everything, its cut reply included. A refusal when the reply is gone or did not stop at its limit.
 */
export function askToContinue(transcript: Transcript | undefined, messageId: string): string | IntentResult {
  const reply = transcript?.messages.find((m) => m.id === messageId);
  if (!reply) return refuse('That reply is not in this thread any more.');
  if (!reply.cutAtLength) return refuse('That reply did not stop at its length limit.');
  return `@${reply.speaker} ${CONTINUE_ASK}`;
}
