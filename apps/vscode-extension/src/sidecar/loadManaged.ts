import { join } from 'node:path';
import type { Logger } from '@roundtable/core';
import type { ProxyEndpoint } from '@roundtable/sidecar';
import * as vscode from 'vscode';
import type { ConsentAsk, ManagedSidecar, StartManagedSidecar } from './managedApi';

/** Loads the managed-proxy bundle (only now: it carries the archive, YAML and process code) and starts it. */
export function startManaged(
  context: vscode.ExtensionContext,
  settings: {
    binaryPath: string;
    port: number;
    participants: () => readonly { id: string; model: string; enabled: boolean }[];
  },
  logger: Logger,
): ManagedSidecar {
  // A path esbuild does not follow: dist/managed.js is its own bundle, required only in managed mode.
  const bundle = join(__dirname, 'managed.js');
  const { startManagedSidecar } = require(bundle) as { startManagedSidecar: StartManagedSidecar };
  return startManagedSidecar({
    storageDir: context.globalStorageUri.fsPath,
    binaryPath: settings.binaryPath,
    preferredPort: settings.port,
    participants: settings.participants,
    secrets: {
      get: (key) => Promise.resolve(context.secrets.get(key)),
      store: (key, value) => Promise.resolve(context.secrets.store(key, value)),
    },
    logger,
    consent: askDownloadConsent,
    showDownload: (download) =>
      void vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: 'Roundtable: downloading CLIProxyAPI',
          cancellable: true,
        },
        (progress, token) => {
          token.onCancellationRequested(() => download.cancel());
          download.onReport((message) => progress.report({ message }));
          return download.done;
        },
      ),
    ...releaseMirror(),
  });
}

/** The managed proxy as a chat endpoint: its URL while it is up, else why not. */
export function managedEndpoint(managed: ManagedSidecar): ProxyEndpoint {
  const url = managed.url();
  return url ? { ok: true, root: url, apiBase: `${url}/v1` } : { ok: false, error: managed.current.detail };
}

async function askDownloadConsent(request: ConsentAsk): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(
    `Roundtable needs CLIProxyAPI ${request.version} to reach your subscriptions. Download it now?`,
    {
      modal: true,
      detail: `It is downloaded once from ${request.url}, checked against its pinned SHA-256 (${request.sha256}) before it is opened, and run on this machine at 127.0.0.1 only.\n\nUsing subscription accounts outside their official clients may break a provider's terms of service and can lead to rate limits or account suspension.`,
    },
    'Download and Run',
  );
  return choice === 'Download and Run';
}

/** The end-to-end tests' release server (`ROUNDTABLE_RELEASE_MIRROR` = JSON `{ baseUrl, sha256 }`, loopback only). */
function releaseMirror(): { mirror?: { baseUrl: string; sha256: string } } {
  const raw = process.env.ROUNDTABLE_RELEASE_MIRROR;
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as { baseUrl?: unknown; sha256?: unknown };
    if (typeof value.baseUrl === 'string' && typeof value.sha256 === 'string' && /^[0-9a-f]{64}$/.test(value.sha256)) {
      return { mirror: { baseUrl: value.baseUrl, sha256: value.sha256 } };
    }
  } catch {
    // ignored: not a mirror
  }
  return {};
}
