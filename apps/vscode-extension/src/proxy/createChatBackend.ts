import { type ChatBackend, FailureMemory, streamChatCompletion } from '@roundtable/core';
import type { ProxyEndpoint } from '@roundtable/sidecar';

/**
 * The orchestrator's way to the models: CLIProxyAPI's `/v1/chat/completions`, with the endpoint and the access key
 * read fresh for every reply so a settings or key change applies to the next message without a reload.
 */
export function createChatBackend(
  endpoint: () => ProxyEndpoint,
  accessKey: () => Promise<string | undefined>,
): ChatBackend {
  // One memory for every reply through this proxy: a cooling 503 right after a failure is explained as such.
  const failures = new FailureMemory();
  return async function* chat(request, signal) {
    const target = endpoint();
    if (!target.ok) {
      yield { type: 'error', error: { kind: 'network', message: target.error } };
      return;
    }
    const key = await accessKey();
    yield* streamChatCompletion(
      {
        baseUrl: target.apiBase,
        model: request.model,
        messages: request.messages,
        failures,
        ...(key ? { accessKey: key } : {}),
      },
      signal,
    );
  };
}
