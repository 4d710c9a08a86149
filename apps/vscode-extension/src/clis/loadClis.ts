import { join } from 'node:path';
import type { chatOverCli } from './chatOverCli';
import type { cliRoute, disposeClis, setCliTurnsRoot } from './cliRoute';
import type { cliActions, openCliSignIn } from './openCliSignIn';

/** What dist/clis.js exports (see `clisBundle.ts`). */
export interface ClisBundle {
  chatOverCli: typeof chatOverCli;
  cliRoute: typeof cliRoute;
  disposeClis: typeof disposeClis;
  setCliTurnsRoot: typeof setCliTurnsRoot;
  cliActions: typeof cliActions;
  openCliSignIn: typeof openCliSignIn;
}

let loaded: ClisBundle | undefined;
let turnsRoot: string | undefined;

/** Where the CLIs' per-reply folders go (set at activation; used when the bundle loads). */
export function useCliTurnsRoot(root: string): void {
  turnsRoot = root;
}

/** The CLI seats' code, loaded on first use (a path esbuild does not follow, so it stays its own file). */
export function clis(): ClisBundle {
  if (!loaded) {
    loaded = require(join(__dirname, 'clis.js')) as ClisBundle;
    if (turnsRoot) loaded.setCliTurnsRoot(turnsRoot);
  }
  return loaded;
}

/** The bundle if something already loaded it (then it may have CLI processes to end), else undefined. */
export function clisLoaded(): ClisBundle | undefined {
  return loaded;
}
