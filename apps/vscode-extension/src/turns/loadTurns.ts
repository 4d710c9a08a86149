import { join } from 'node:path';
import type { ChatBackend, streamChatCompletion, TurnCode } from '@roundtable/core';
import type { checkProxy, RecheckSchedule, resolveProxyEndpoint } from '@roundtable/sidecar';
import type { createChatBackend } from '../proxy/createChatBackend';

/** What dist/turns.js exports (see `turnsBundle.ts`). */
export interface TurnsBundle {
  turnCode: TurnCode;
  streamChatCompletion: typeof streamChatCompletion;
  resolveProxyEndpoint: typeof resolveProxyEndpoint;
  checkProxy: typeof checkProxy;
  RecheckSchedule: typeof RecheckSchedule;
  createChatBackend: typeof createChatBackend;
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
 * The chat backend over the streaming client (`createChatBackend` with the rest of its arguments), both loaded and
 * made the first time a request is made.
 */
export function lazyChatBackend(...rest: DropFirst<Parameters<typeof createChatBackend>>): ChatBackend {
  let backend: ChatBackend | undefined;
  return (request, signal) => {
    const bundle = turns();
    backend ??= bundle.createChatBackend(bundle.streamChatCompletion, ...rest);
    return backend(request, signal);
  };
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
