import type { TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';

/** A reply of its plan's synthesis step (an alternative to a synthesis takes its step, so it is one too). */
export function isSynthesis(plans: readonly TurnPlan[] | undefined, m: Pick<Message, 'step'>): boolean {
  const step = m.step;
  return step !== undefined && plans?.find((p) => p.id === step.plan)?.steps[step.index]?.kind === 'synthesis';
}

/**
 * A reply that ended with text and holds no reading. A synthesis that does was written before readings were stored
 * (an older thread): the host reads it once, when the thread is shown. A synthesis that ends now is read as it ends.
 */
export function awaitsReading(m: Pick<Message, 'status' | 'content' | 'synthesis'>): boolean {
  return m.synthesis === undefined && m.status !== 'streaming' && m.status !== 'deleted' && /\S/.test(m.content);
}

/** The syntheses of a thread that ended with text and were never read (an older thread's). */
export function unreadSyntheses(transcript: Pick<Transcript, 'plans' | 'messages'>): Message[] {
  return transcript.messages.filter((m) => awaitsReading(m) && isSynthesis(transcript.plans, m));
}
