import type { SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import * as vscode from 'vscode';
import type { RoundtableSettings } from './adapters/readSettings';
import { diagnosticsReport } from './diagnostics';
import { type providerReport as ProviderReport, providerReport } from './proxy/providerHealth';

/** What `Roundtable: Show Diagnostics` reads, each when it runs. */
export interface DiagnosticsSources {
  context: vscode.ExtensionContext;
  channel: vscode.OutputChannel;
  settings: RoundtableSettings;
  detect: Parameters<typeof ProviderReport>[2]['detect'];
  accessKey: () => Promise<string | undefined>;
  sidecar: { readonly current: SidecarStatus };
  /** Managed mode's proxy. */
  managed: { diagnostics(): Record<string, string> } | undefined;
}

/**
 * Prints the diagnostics report (`diagnosticsReport`) to the output channel and shows it: the settings, the proxy's
 * status and each provider, just checked. With the thread tools, so activation carries none of it.
 */
export async function showDiagnostics(sources: DiagnosticsSources): Promise<void> {
  const { context, channel, settings, managed } = sources;
  const providers = await providerReport(settings.providers, settings.orchestrator.participants, {
    detect: sources.detect,
  });
  // The key is taken out of every line, in every form it could be echoed in (the status carries the proxy's words).
  const secrets = [await sources.accessKey().catch(() => undefined)];
  channel.appendLine(
    diagnosticsReport(
      {
        version: context.extension.packageJSON.version as string,
        vscodeVersion: vscode.version,
        platform: `${process.platform}-${process.arch}`,
        endpoint: settings.endpoint,
        binaryPath: settings.binaryPath,
        storageDir: context.globalStorageUri.fsPath,
        status: sources.sidecar.current,
        ...(managed ? { managed: managed.diagnostics() } : {}),
        providers,
      },
      secrets,
    ),
  );
  channel.show();
}
