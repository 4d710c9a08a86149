import { type ChatBackend, FailureMemory, streamChatCompletion } from '@roundtable/core';
import type { ProxyEndpoint } from '@roundtable/sidecar';

/**
 * The orchestrator's way to the models: CLIProxyAPI's `/v1/chat/completions`, with the endpoint and the access key
 * read fresh for every reply so a settings or key change applies to the next message without a reload. `onReplyEnd`
 * hears how each reply ended (not when the caller stopped it), so the status pill can be rechecked.
 */
export function createChatBackend(
  endpoint: () => Promise<ProxyEndpoint>,
  accessKey: () => Promise<string | undefined>,
  onReplyEnd: (succeeded: boolean) => void = () => {},
): ChatBackend {
  // One memory for every reply through this proxy: a cooling 503 right after a failure is explained as such.
  const failures = new FailureMemory();
  return async function* chat(request, signal) {
    const target = await endpoint();
    if (!target.ok) {
      yield { type: 'error', error: { kind: 'network', message: target.error } };
      return;
    }
    const key = await accessKey();
    for await (const event of streamChatCompletion(
      {
        baseUrl: target.apiBase,
        model: request.model,
        messages: request.messages,
        failures,
        ...(key ? { accessKey: key } : {}),
      },
      signal,
    )) {
      if (event.type === 'finish') onReplyEnd(true);
      if (event.type === 'error') onReplyEnd(false);
      yield event;
    }
  };
}
