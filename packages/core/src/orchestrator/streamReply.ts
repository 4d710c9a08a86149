import { errorMessage } from '../base/errors';
import type { ChatMessage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Clock } from '../ports';
import type { ThreadStore } from '../store/ThreadStore';
import type { Timing } from '../transcript/schema';
import { DeltaBatcher } from './deltaBatcher';
import { OwnLabelStripper, ownLabels } from './ownLabel';
import type { ChatBackend } from './ports';
import type { Ended } from './replyTransitions';

export interface StreamedReply {
  /** How the stream ended; not yet written to the message. */
  ended: Ended;
  /** Some text arrived (a refusal before any text may be asked again another way). */
  received: boolean;
  /** The message stopped taking text (deleted elsewhere, thread removed): the request was aborted. */
  abandoned: boolean;
  /** From the request to its first text (absent when none came), and to its end, in milliseconds. */
  timing: Timing;
}

export interface StreamReplyDeps {
  store: ThreadStore;
  chat: ChatBackend;
  clock: Clock;
}

/**
 * Sends one prompt and streams the answer into a streaming message: text in batches, the participant's own label
 * taken off its start. Never throws: a stream that fails or ends without a finish signal ends `error`, one aborted
 * by `signal` (Stop) or by the message going away ends `cancelled`. The message's status is left to the caller.
 */
export async function streamReply(
  deps: StreamReplyDeps,
  target: { threadId: string; messageId: string; participant: ParticipantConfig },
  messages: ChatMessage[],
  signal: AbortSignal,
): Promise<StreamedReply> {
  const { store } = deps;
  const { threadId, messageId, participant } = target;
  // Aborts this reply's request when its message can no longer take text, as well as on Stop.
  const reply = new AbortController();
  const forward = () => reply.abort(signal.reason);
  signal.addEventListener('abort', forward);
  let abandoned = false;
  let received = false;
  const startedAt = deps.clock.now().getTime();
  let firstTokenMs: number | undefined;
  const batcher = new DeltaBatcher(deps.clock, (text) => {
    if (store.appendText(threadId, messageId, text)) return;
    abandoned = true;
    reply.abort(new DOMException('The reply was removed', 'AbortError'));
  });

  // A model that starts with its own name, as it reads everyone else's, has exactly that label taken off.
  const label = new OwnLabelStripper(ownLabels(participant));
  const ended: Ended = { status: 'complete' };
  let finished = false;
  try {
    const request = {
      model: participant.model,
      messages,
      ...(participant.provider ? { provider: participant.provider } : {}),
      ...(participant.maxTokens ? { maxTokens: participant.maxTokens } : {}),
    };
    for await (const event of deps.chat(request, reply.signal)) {
      if (event.type === 'delta') {
        if (!received && event.text !== '') firstTokenMs = deps.clock.now().getTime() - startedAt;
        received ||= event.text !== '';
        batcher.append(label.push(event.text));
      } else if (event.type === 'usage') ended.usage = event.usage;
      else if (event.type === 'finish') {
        finished = true;
        if (event.reason === 'length' || event.reason === 'max_tokens') ended.cutAtLength = true;
      } else ended.failure = event.error;
    }
    if (!ended.failure && !finished) {
      ended.failure = { kind: 'stream', message: 'The reply ended without a finish signal.' };
    }
    ended.status = ended.failure ? 'error' : 'complete';
  } catch (error) {
    if (reply.signal.aborted) {
      ended.status = 'cancelled';
    } else {
      ended.status = 'error';
      ended.failure = { kind: 'stream', message: `Unexpected failure: ${errorMessage(error)}` };
    }
  } finally {
    batcher.append(label.flush());
    batcher.flush();
    batcher.dispose();
    signal.removeEventListener('abort', forward);
  }
  const totalMs = Math.max(0, deps.clock.now().getTime() - startedAt);
  const timing: Timing = {
    ...(firstTokenMs === undefined ? {} : { firstTokenMs: Math.max(0, firstTokenMs) }),
    totalMs,
  };
  return { ended, received, abandoned, timing };
}
