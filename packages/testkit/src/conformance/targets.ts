import { fakeErrors } from '../errorScenarios';
import { type FakeProxy, startFakeProxy } from '../fakeProxy';
import { type FakeUpstream, startFakeUpstream } from '../real/fakeUpstream';
import { type RealProxy, realProxyBinary, startRealProxy } from '../real/realProxy';
import type { Scenario } from '../scenarios';

/**
 * What the provider behind the proxy does with the next request for a model. The same behaviour is arranged on
 * both targets: for the real CLIProxyAPI it is played by the fake upstream model server behind it; for the fake
 * proxy it is the scenario that makes the fake answer the way the real proxy answers that upstream.
 */
export type Behaviour =
  | { kind: 'reply' }
  /** The provider's stream ends without `data: [DONE]` (the real proxy adds it). */
  | { kind: 'replyWithoutDone' }
  | { kind: 'upstreamError'; status: number; body: string }
  /** The provider rate-limits every request for a while (the proxy retries it, then gives up). */
  | { kind: 'rateLimited'; body: string }
  /** The provider never sends a first chunk. */
  | { kind: 'silent' }
  /** Two pieces, then silence until the client leaves. */
  | { kind: 'stall' }
  /** Two pieces, then the provider's socket is gone. */
  | { kind: 'drop' }
  /** Two pieces, then an error chunk. */
  | { kind: 'errorChunk'; message: string };

/** A proxy under test, fake or real, seen only from the client's side. */
export interface ProxyTarget {
  readonly name: 'fake' | 'real';
  /** E.g. `http://127.0.0.1:41234` (no `/v1`). */
  readonly url: string;
  readonly accessKey: string;
  /** Models the proxy serves. */
  readonly models: readonly string[];
  arrange(model: string, behaviour: Behaviour): void;
  close(): Promise<void>;
}

export interface TargetOptions {
  /** Keep-alive comments during pauses (the real proxy's `streaming.keepalive-seconds`); default off. */
  keepaliveSeconds?: number;
}

/** Models both targets serve; each scenario that makes a model cool down uses its own. */
export const CONFORMANCE_MODELS = Array.from({ length: 16 }, (_, i) => `conformance-model-${i + 1}`);
const ACCESS_KEY = 'conformance-access-key';

export async function startFakeTarget(options: TargetOptions = {}): Promise<ProxyTarget> {
  const keepAliveMs = options.keepaliveSeconds ? options.keepaliveSeconds * 1000 : undefined;
  const proxy: FakeProxy = await startFakeProxy({
    accessKeys: [ACCESS_KEY],
    models: CONFORMANCE_MODELS,
    chunkDelayMs: 2,
    rateLimitDelayMs: 1_500,
    ...(keepAliveMs ? { keepAliveMs } : {}),
  });
  return {
    name: 'fake',
    url: proxy.url,
    accessKey: ACCESS_KEY,
    models: CONFORMANCE_MODELS,
    arrange: (model, behaviour) => proxy.enqueueFor(model, fakeScenario(model, behaviour)),
    close: () => proxy.close(),
  };
}

/** The scenario that makes the fake proxy answer as the real one answers this upstream behaviour. */
function fakeScenario(model: string, behaviour: Behaviour): Scenario {
  switch (behaviour.kind) {
    case 'reply':
    case 'replyWithoutDone':
      return { kind: 'reply', text: 'Hello from the upstream model.', usageOnlyChunk: true };
    case 'upstreamError':
      return { kind: 'error', status: behaviour.status, body: JSON.parse(behaviour.body) as Record<string, unknown> };
    case 'rateLimited':
      return { kind: 'error', status: 429, body: JSON.parse(behaviour.body) as Record<string, unknown> };
    case 'silent':
      return { kind: 'slow-first-byte', delayMs: Number.POSITIVE_INFINITY, headersFirst: false };
    case 'stall':
      return { kind: 'stall', afterChunks: 3 };
    case 'drop':
      return { kind: 'mid-stream-error', afterChunks: 2, error: fakeErrors.unexpectedEof(), coolsDown: false };
    case 'errorChunk':
      return {
        kind: 'mid-stream-error',
        afterChunks: 3,
        error: { error: { message: behaviour.message, type: 'server_error' } },
      };
  }
  void model;
}

/** True when the real binary is there; otherwise the reason real-target tests are skipped. */
export function realTargetAvailability(): { available: true } | { available: false; reason: string } {
  const binary = realProxyBinary();
  return binary.ok ? { available: true } : { available: false, reason: binary.reason };
}

export async function startRealTarget(options: TargetOptions = {}): Promise<ProxyTarget> {
  const upstream: FakeUpstream = await startFakeUpstream(CONFORMANCE_MODELS);
  let proxy: RealProxy;
  try {
    proxy = await startRealProxy({
      upstreamBaseUrl: upstream.baseUrl,
      models: CONFORMANCE_MODELS,
      accessKeys: [ACCESS_KEY],
      ...(options.keepaliveSeconds ? { keepaliveSeconds: options.keepaliveSeconds } : {}),
    });
  } catch (error) {
    await upstream.close();
    throw error;
  }
  return {
    name: 'real',
    url: proxy.url,
    accessKey: ACCESS_KEY,
    models: CONFORMANCE_MODELS,
    arrange: (model, behaviour) => {
      switch (behaviour.kind) {
        case 'reply':
          return upstream.enqueue(model, { kind: 'reply' });
        case 'replyWithoutDone':
          return upstream.enqueue(model, { kind: 'reply', omitDone: true });
        case 'upstreamError':
          return upstream.enqueue(model, { kind: 'status', status: behaviour.status, body: behaviour.body });
        case 'rateLimited':
          // Enough for the proxy's own retries (it asks four times).
          for (let i = 0; i < 4; i++) upstream.enqueue(model, { kind: 'status', status: 429, body: behaviour.body });
          return;
        case 'silent':
          return upstream.enqueue(model, { kind: 'silent' });
        case 'stall':
          return upstream.enqueue(model, { kind: 'stall', afterPieces: 2 });
        case 'drop':
          return upstream.enqueue(model, { kind: 'drop', afterPieces: 2 });
        case 'errorChunk':
          return upstream.enqueue(model, { kind: 'errorChunk', afterPieces: 2, message: behaviour.message });
      }
    },
    close: async () => {
      await proxy.close();
      await upstream.close();
    },
  };
}
