import { join } from 'node:path';
import type { ThreadFolderWatcher } from './ThreadFolderWatcher';
import type { UpkeepCode } from './upkeepCode';

/** What dist/upkeep.js exports (see `upkeepBundle.ts`). */
export interface UpkeepBundle {
  upkeepCode: UpkeepCode;
  ThreadFolderWatcher: typeof ThreadFolderWatcher;
}

let loaded: UpkeepBundle | undefined;

/** The upkeep bundle, loaded on first use (a path esbuild does not follow, so it stays its own file). */
export function upkeep(): UpkeepBundle {
  loaded ??= require(join(__dirname, 'upkeep.js')) as UpkeepBundle;
  return loaded;
}
