import { describe, expect, test } from 'vitest';
import { diagnosticsReport } from './diagnostics';

const facts = {
  version: '0.1.0',
  vscodeVersion: '1.139.1',
  platform: 'linux-x64',
  endpoint: { mode: 'managed' as const, port: 8317, externalUrl: '' },
  binaryPath: '',
  storageDir: '/home/ana/.config/Code/User/globalStorage/roundtable.roundtable',
  status: { state: 'unhealthy' as const, detail: 'CLIProxyAPI answered 401: bad key sk-local-123 echoed' },
  managed: { role: 'owner', url: 'http://127.0.0.1:8317', 'lease owner': 'a1b2' },
};

describe('diagnosticsReport', () => {
  test('states the settings, the folder, the status and the managed proxy’s facts, one per line', () => {
    const report = diagnosticsReport(facts);
    expect(report.split('\n')).toEqual([
      'Roundtable 0.1.0 on VS Code 1.139.1 (linux-x64)',
      'roundtable.sidecar.mode: managed',
      'roundtable.sidecar.port: 8317',
      'roundtable.sidecar.externalUrl: (empty)',
      'roundtable.sidecar.binaryPath: (empty: the pinned release)',
      'storage folder: /home/ana/.config/Code/User/globalStorage/roundtable.roundtable',
      'proxy status: unhealthy: CLIProxyAPI answered 401: bad key sk-local-123 echoed',
      'role: owner',
      'url: http://127.0.0.1:8317',
      'lease owner: a1b2',
    ]);
  });

  test('ends with the lines about roundtable.providers', () => {
    const providers = ['provider local (Copilot) at http://127.0.0.1:4141/v1: up, 1 models: gpt-4.1'];
    expect(
      diagnosticsReport({ ...facts, providers })
        .split('\n')
        .slice(-2),
    ).toEqual(['lease owner: a1b2', ...providers]);
  });

  test('never prints a key, even one a status quoted', () => {
    const report = diagnosticsReport(facts, ['sk-local-123', undefined]);
    expect(report).not.toContain('sk-local-123');
    expect(report).toContain('[access key]');
  });
});
