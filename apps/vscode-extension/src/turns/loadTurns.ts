import { join } from 'node:path';
import type { streamChatCompletion, TurnCode } from '@roundtable/core';
import type { resolveProxyEndpoint } from '@roundtable/sidecar';

/** What dist/turns.js exports (see `turnsBundle.ts`). */
export interface TurnsBundle {
  turnCode: TurnCode;
  streamChatCompletion: typeof streamChatCompletion;
  resolveProxyEndpoint: typeof resolveProxyEndpoint;
}

let loaded: TurnsBundle | undefined;

/** The turns' bundle, loaded on first use (a path esbuild does not follow, so it stays its own file). */
export function turns(): TurnsBundle {
  loaded ??= require(join(__dirname, 'turns.js')) as TurnsBundle;
  return loaded;
}

/** The code that takes turns, loaded the first time a turn needs it. */
export const lazyTurnCode = (): TurnCode => turns().turnCode;

/** The streaming client, loaded the first time a request is made. */
export const lazyStream: typeof streamChatCompletion = (request, signal) =>
  turns().streamChatCompletion(request, signal);
