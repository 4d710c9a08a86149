import { stringify } from 'yaml';

export interface ManagedConfigInput {
  port: number;
  /** Where CLIProxyAPI keeps its login tokens. Roundtable never opens its files. */
  authDir: string;
  /** The random local key clients must send; never a provider key. */
  accessKey: string;
}

/**
 * The `config.yaml` of a proxy Roundtable runs: loopback only, Roundtable's key only, the control panel, its
 * auto-update and every log to disk off, no keep-alive comments (the client's stall timer needs the silence), and
 * no remote management. Regenerated on every start: the proxy rewrites its config (it hashes a plaintext secret),
 * so the supervisor owns the file and never merges with what is there.
 */
export function managedConfig(input: ManagedConfigInput): Record<string, unknown> {
  return {
    host: '127.0.0.1',
    port: input.port,
    'auth-dir': input.authDir,
    'api-keys': [input.accessKey],
    'remote-management': {
      'allow-remote': false,
      'secret-key': '',
      'disable-control-panel': true,
      'disable-auto-update-panel': true,
    },
    debug: false,
    'logging-to-file': false,
    'request-log': false,
    // Without it the proxy still writes every failed request, prompt included, to `logs/error-*.log` in its
    // auth-dir, whatever `request-log` says. It turns off nothing else.
    'commercial-mode': true,
    'usage-statistics-enabled': false,
    streaming: { 'keepalive-seconds': 0 },
  };
}

/** The config as YAML; every string is quoted, so no path or key can be read back as another type. */
export function renderManagedConfig(input: ManagedConfigInput): string {
  return stringify(managedConfig(input), { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' });
}
