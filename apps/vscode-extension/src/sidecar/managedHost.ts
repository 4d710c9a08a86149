import { join } from 'node:path';
import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';
import type { ConsentAsk, ManagedSidecar } from './managedApi';
import { startManagedSidecar } from './managedSidecar';
import { readTestHooks } from './testHooks';

// The VS Code side of starting the managed proxy, loaded (with the proxy's code) after the first chat state.

/** The managed proxy's settings, as the host reads them. */
export interface ManagedSettings {
  binaryPath: string;
  port: number;
  participants: () => readonly { id: string; model: string; enabled: boolean }[];
}

/** Starts the managed proxy with VS Code's storage, secrets, download consent and progress. */
export function startManagedInVsCode(
  context: vscode.ExtensionContext,
  settings: ManagedSettings,
  logger: Logger,
): ManagedSidecar {
  return startManagedSidecar({
    storageDir: context.globalStorageUri.fsPath,
    watchdog: { nodePath: process.execPath, script: join(context.extensionPath, 'dist', 'proxyWatchdog.js') },
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
    // Test hooks: honoured only when VS Code runs the extension for development or tests.
    ...readTestHooks(process.env, { production: context.extensionMode === vscode.ExtensionMode.Production }),
  });
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
