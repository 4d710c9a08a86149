import { join } from 'node:path';
import type { Logger } from '@roundtable/core';
import type { ProxyEndpoint } from '@roundtable/sidecar';
import type * as vscode from 'vscode';
import type { ManagedSidecar } from './managedApi';
import type { ManagedSettings, startManagedInVsCode } from './managedHost';
import type { seatActions, signInManaged } from './managedSignIn';

/** What dist/managed.js exports (see `managedBundle.ts`). */
export interface ManagedBundle {
  startManagedInVsCode: typeof startManagedInVsCode;
  signInManaged: typeof signInManaged;
  seatActions: typeof seatActions;
}

/**
 * The managed-proxy bundle, loaded on first use: it carries the archive, YAML, process and sign-in code, which a
 * window with a proxy of the user's own never needs. A path esbuild does not follow, so it stays its own file.
 */
export function managedBundle(): ManagedBundle {
  return require(join(__dirname, 'managed.js')) as ManagedBundle;
}

/** Loads the managed-proxy bundle and starts the proxy in it. */
export function startManaged(
  context: vscode.ExtensionContext,
  settings: ManagedSettings,
  logger: Logger,
): ManagedSidecar {
  return managedBundle().startManagedInVsCode(context, settings, logger);
}

/** The managed proxy as a chat endpoint: its URL while it is up, else why not. */
export function managedEndpoint(managed: ManagedSidecar): ProxyEndpoint {
  const url = managed.url();
  return url ? { ok: true, root: url, apiBase: `${url}/v1` } : { ok: false, error: managed.current.detail };
}
