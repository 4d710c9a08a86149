import { FailureMemory } from '@roundtable/core/llm/failureMemory';
import { streamChatCompletion } from '@roundtable/core/llm/streamChatCompletion';
import type { ChatCompletionRequest, ChatError, ImageLoader, StreamEvent } from '@roundtable/core/llm/types';
import { UsageAsk } from '@roundtable/core/llm/usageAsk';
import type { ChatBackend, ChatRequest } from '@roundtable/core/orchestrator/ports';
import type { ProxyEndpoint } from '@roundtable/sidecar/endpoint';
import {
  BUILT_IN_PROVIDER,
  type CliProviderConfig,
  type HttpProviderConfig,
  type ProviderConfig,
} from '../adapters/readProviders';

/**
 * The orchestrator's way to the models. A request without a provider (or for `cliproxyapi`) goes to CLIProxyAPI's
 * `/v1/chat/completions`, with the endpoint and the access key read fresh for every reply so a settings or key change
 * applies to the next message without a reload; `onReplyEnd` hears how each of those replies ended (not when the
 * caller stopped it), so the status pill can be rechecked. A request for a registry provider goes to its `baseUrl`, the
 * list being read for every request as well.
 *
 * Invariant: the access key goes to CLIProxyAPI only. A registry provider needs none and is not that proxy, so its
 * replies never reach `onReplyEnd` either (they say nothing about the pill).
 *
 * `tuning` goes into every request as is. The extension passes none (the client's defaults); tests lower the
 * timeouts and the retry delay (or the bounds), so a silent or stalled stream ends in a second, not in minutes.
 *
 * A request for a CLI provider (`"kind": "cli"`) goes to `cli` (which runs that CLI once), with `tuning`.
 *
 * `loadImage` reads the images a request's messages name (a seat that reads images), for the HTTP endpoints.
 */
export function createChatBackend(
  endpoint: () => Promise<ProxyEndpoint>,
  accessKey: () => Promise<string | undefined>,
  onReplyEnd: (succeeded: boolean) => void = () => {},
  providers: () => readonly ProviderConfig[] = () => [],
  tuning: ChatTuning = {},
  cli?: CliChat,
  loadImage?: ImageLoader,
): ChatBackend {
  // One memory for every reply through this proxy: a cooling 503 right after a failure is explained as such.
  const failures = new FailureMemory();
  // And one per provider: a failure at one endpoint says nothing about another.
  const providerFailures = new Map<string, FailureMemory>();
  // Whether each endpoint takes the request for usage: asked until it refuses once, per endpoint.
  const proxyUsage = new UsageAsk();
  const providerUsage = new Map<string, UsageAsk>();
  const usageAsk = (id: string) => providerUsage.get(id) ?? providerUsage.set(id, new UsageAsk()).get(id);
  return async function* chat(request, signal) {
    if (request.provider !== undefined && request.provider !== BUILT_IN_PROVIDER) {
      const provider = providers().find((p) => p.id === request.provider);
      if (!provider) {
        yield {
          type: 'error',
          error: { kind: 'network', message: `No provider "${request.provider}" in roundtable.providers.` },
        };
        return;
      }
      if (provider.kind === 'cli') {
        if (cli) yield* cli(provider, request, signal, tuning);
        else yield { type: 'error', error: { kind: 'network', message: `${provider.name}: no CLI can be run here.` } };
        return;
      }
      const memory = providerFailures.get(provider.id) ?? new FailureMemory();
      providerFailures.set(provider.id, memory);
      const { model, messages } = request;
      const maxTokens = request.maxTokens ?? provider.maxTokens;
      for await (const event of streamChatCompletion(
        {
          ...tuning,
          baseUrl: provider.baseUrl,
          model,
          messages,
          failures: memory,
          usage: usageAsk(provider.id),
          ...(maxTokens === undefined ? {} : { maxTokens }),
          ...(loadImage ? { loadImage } : {}),
        },
        signal,
      )) {
        yield event.type === 'error' ? { type: 'error', error: asProviderError(event.error, provider) } : event;
      }
      return;
    }
    const target = await endpoint();
    if (!target.ok) {
      yield { type: 'error', error: { kind: 'network', message: target.error } };
      return;
    }
    const key = await accessKey();
    for await (const event of streamChatCompletion(
      {
        ...tuning,
        baseUrl: target.apiBase,
        model: request.model,
        messages: request.messages,
        failures,
        usage: proxyUsage,
        ...(request.maxTokens === undefined ? {} : { maxTokens: request.maxTokens }),
        ...(loadImage ? { loadImage } : {}),
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

/** One reply on a CLI provider (`chatOverCli`, loaded with the CLI seats' code). */
export type CliChat = (
  provider: CliProviderConfig,
  request: ChatRequest,
  signal: AbortSignal,
  tuning: ChatTuning,
) => AsyncIterable<StreamEvent>;

/** The client's timeouts, retry delay and bounds, for every request of a backend; each defaults to the client's own. */
export type ChatTuning = Pick<ChatCompletionRequest, 'timeouts' | 'retryDelayMs' | 'limits'>;

/**
 * The client words its errors for CLIProxyAPI; here they name the provider instead. A refused request is not the
 * proxy's key (the host would offer to set that one), so it becomes a plain HTTP error.
 */
function asProviderError(error: ChatError, provider: HttpProviderConfig): ChatError {
  if (error.kind === 'proxy-auth') {
    const message = `${provider.name} at ${provider.baseUrl} wants a key (HTTP ${error.status}); Roundtable sends none.`;
    return { ...error, kind: 'http', message };
  }
  return { ...error, message: error.message.replaceAll('CLIProxyAPI', provider.name) };
}
