import { type ChatBackend, streamChatCompletion } from '@roundtable/core';
import type { ProxyEndpoint } from '@roundtable/sidecar';

/**
 * The orchestrator's way to the models: CLIProxyAPI's `/v1/chat/completions`, with the endpoint and the access key
 * read fresh for every reply so a settings or key change applies to the next message without a reload.
 */
export function createChatBackend(
  endpoint: () => ProxyEndpoint,
  accessKey: () => Promise<string | undefined>,
): ChatBackend {
  return async function* chat(request, signal) {
    const target = endpoint();
    if (!target.ok) {
      yield { type: 'error', error: { kind: 'network', message: target.error } };
      return;
    }
    const key = await accessKey();
    yield* streamChatCompletion(
      { baseUrl: target.apiBase, model: request.model, messages: request.messages, ...(key ? { accessKey: key } : {}) },
      signal,
    );
  };
}
