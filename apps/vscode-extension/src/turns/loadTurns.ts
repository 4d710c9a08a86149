import { join } from 'node:path';
import type { ChatBackend, streamChatCompletion, TurnCode } from '@roundtable/core';
import type { checkProxy, RecheckSchedule, resolveProxyEndpoint } from '@roundtable/sidecar';
import type { ProviderConfig } from '../adapters/readProviders';
import type { CliChat, createChatBackend } from '../proxy/createChatBackend';
import type { providerSeatMap, SeatProbes } from '../proxy/providerSeatMap';

/** What dist/turns.js exports (see `turnsBundle.ts`). */
export interface TurnsBundle {
  turnCode: TurnCode;
  streamChatCompletion: typeof streamChatCompletion;
  resolveProxyEndpoint: typeof resolveProxyEndpoint;
  checkProxy: typeof checkProxy;
  RecheckSchedule: typeof RecheckSchedule;
  createChatBackend: typeof createChatBackend;
  providerSeatMap: typeof providerSeatMap;
  checkProvider: typeof import('../proxy/providerHealth').checkProvider;
  imageLoader: typeof import('../images/imageAssets').imageLoader;
  imageFolder: typeof import('../images/imageFolder').imageFolder;
}

let loaded: TurnsBundle | undefined;

/** The turns' bundle, loaded on first use (a path esbuild does not follow, so it stays its own file). */
export function turns(): TurnsBundle {
  loaded ??= require(join(__dirname, 'turns.js')) as TurnsBundle;
  return loaded;
}

/** The code that takes turns, loaded the first time a turn needs it. */
export const lazyTurnCode = (): TurnCode => turns().turnCode;

/**
 * The chat backend over the streaming client and the window's CLI route (`createChatBackend`), loaded and made the
 * first time a request is made.
 */
export function lazyChatBackend(
  endpoint: Parameters<typeof createChatBackend>[1],
  accessKey: Parameters<typeof createChatBackend>[2],
  onReplyEnd: (succeeded: boolean) => void,
  providers: () => readonly ProviderConfig[],
  cli: CliChat,
  /** Roundtable's storage folder, whose `assets` hold the messages' images. */
  storageRoot: string,
): ChatBackend {
  let backend: ChatBackend | undefined;
  return (request, signal) => {
    const bundle = turns();
    backend ??= bundle.createChatBackend(
      bundle.streamChatCompletion,
      endpoint,
      accessKey,
      onReplyEnd,
      providers,
      {},
      cli,
      bundle.imageLoader(bundle.imageFolder(storageRoot)),
    );
    return backend(request, signal);
  };
}

/**
 * The seats on `roundtable.providers` entries that cannot answer now, checked with the turns' code (loaded by the
 * first check, which waits for the first state).
 */
export function lazyProviderSeatMap(
  providers: () => readonly ProviderConfig[],
  participants: () => readonly { id: string; model: string; enabled: boolean; provider?: string }[],
  clis: SeatProbes['clis'],
): () => ReturnType<typeof providerSeatMap> {
  return async () => {
    const listed = providers();
    const seated = participants();
    // No enabled seat on a listed provider: nothing to check, and the turns' code need not load for it.
    if (!seated.some((p) => p.enabled && listed.some((q) => q.id === p.provider))) return {};
    const bundle = turns();
    return bundle.providerSeatMap(listed, seated, { http: (url) => bundle.checkProvider(url), clis });
  };
}
