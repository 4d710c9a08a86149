import { join } from 'node:path';
import type { handleIntent } from '@roundtable/core/intents';

let loaded: { handleIntent: typeof handleIntent } | undefined;

/** The views' intent handler (dist/intents.js), loaded by the first intent (a path esbuild does not follow). */
export function intents(): typeof handleIntent {
  loaded ??= require(join(__dirname, 'intents.js')) as { handleIntent: typeof handleIntent };
  return loaded.handleIntent;
}
