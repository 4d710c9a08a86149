import { redactSecrets } from '@roundtable/core/llm/redactSecret';
import type { SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import type { EndpointSettings } from '@roundtable/sidecar/endpoint';

export interface DiagnosticsFacts {
  version: string;
  vscodeVersion: string;
  platform: string;
  endpoint: EndpointSettings;
  binaryPath: string;
  storageDir: string;
  status: SidecarStatus;
  /** The managed proxy's own facts (role, URL, lease), when in managed mode. */
  managed?: Record<string, string>;
  /** Lines about each `roundtable.providers` entry, just checked (`providerReport`). */
  providers?: readonly string[];
}

/**
 * What `Roundtable: Show Diagnostics` prints: enough to tell what is configured and what runs, and nothing secret.
 * Keys and tokens are never among the facts; `secrets` are still removed from every line, in case a status detail
 * quoted one.
 */
export function diagnosticsReport(facts: DiagnosticsFacts, secrets: readonly (string | undefined)[] = []): string {
  const lines = [
    `Roundtable ${facts.version} on VS Code ${facts.vscodeVersion} (${facts.platform})`,
    `roundtable.sidecar.mode: ${facts.endpoint.mode}`,
    `roundtable.sidecar.port: ${facts.endpoint.port}`,
    `roundtable.sidecar.externalUrl: ${facts.endpoint.externalUrl || '(empty)'}`,
    `roundtable.sidecar.binaryPath: ${facts.binaryPath || '(empty: the pinned release)'}`,
    `storage folder: ${facts.storageDir}`,
    `proxy status: ${facts.status.state}: ${facts.status.detail}`,
    ...Object.entries(facts.managed ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(facts.providers ?? []),
  ];
  return lines.map((line) => redactSecrets(line, secrets)).join('\n');
}
