import { join } from 'node:path';
import type { PromptAssembler, streamChatCompletion } from '@roundtable/core';

/** What dist/turns.js exports (see `turnsBundle.ts`). */
export interface TurnsBundle {
  assembleStepPrompt: PromptAssembler;
  streamChatCompletion: typeof streamChatCompletion;
}

let loaded: TurnsBundle | undefined;

/** The turns' bundle, loaded on first use (a path esbuild does not follow, so it stays its own file). */
export function turns(): TurnsBundle {
  loaded ??= require(join(__dirname, 'turns.js')) as TurnsBundle;
  return loaded;
}

/** A `PromptAssembler` that loads the bundle the first time a prompt is built. */
export const lazyPrompts: PromptAssembler = (...args) => turns().assembleStepPrompt(...args);

/** The streaming client, loaded the first time a request is made. */
export const lazyStream: typeof streamChatCompletion = (request, signal) =>
  turns().streamChatCompletion(request, signal);
