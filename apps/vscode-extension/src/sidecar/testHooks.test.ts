import { describe, expect, test, vi } from 'vitest';
import type { ManagedSidecarDeps } from './managedApi';
import { readTestHooks } from './testHooks';

const SHA = 'a'.repeat(64);
const HOOKS = {
  PATH: '/usr/bin',
  ROUNDTABLE_RELEASE_MIRROR: JSON.stringify({ baseUrl: 'http://127.0.0.1:4000/download', sha256: SHA }),
  ROUNDTABLE_SIDECAR_ENV_HTTPS_PROXY: 'http://127.0.0.1:9',
  ROUNDTABLE_SIDECAR_ENV_: 'no name: ignored',
};

const started = vi.hoisted(() => [] as ManagedSidecarDeps[]);
vi.mock('vscode', () => ({
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  ProgressLocation: { Notification: 15 },
  window: {},
}));
vi.mock('./managedSidecar', () => ({
  startManagedSidecar: (deps: ManagedSidecarDeps) => {
    started.push(deps);
    return {};
  },
}));

describe('the managed-mode test hooks', () => {
  test('are read when the extension runs for development or tests', () => {
    expect(readTestHooks(HOOKS, { production: false })).toEqual({
      mirror: { baseUrl: 'http://127.0.0.1:4000/download', sha256: SHA },
      proxyEnv: { HTTPS_PROXY: 'http://127.0.0.1:9' },
    });
  });

  test('are ignored in a normal (production) run', () => {
    expect(readTestHooks(HOOKS, { production: true })).toEqual({});
  });

  test.each([
    ['not on loopback', { baseUrl: 'https://example.com/download', sha256: SHA }],
    ['without a well-formed hash', { baseUrl: 'http://127.0.0.1:4000/download', sha256: 'abc' }],
  ])('a mirror %s is no mirror', (_name, mirror) => {
    expect(readTestHooks({ ROUNDTABLE_RELEASE_MIRROR: JSON.stringify(mirror) }, { production: false })).toEqual({});
  });

  test('a mirror that is not JSON is no mirror', () => {
    expect(readTestHooks({ ROUNDTABLE_RELEASE_MIRROR: '{nope' }, { production: false })).toEqual({});
  });

  test.each([
    [1, 'Production', false],
    [2, 'Development', true],
    [3, 'Test', true],
  ])('the managed proxy VS Code starts in mode %i (%s) gets them: %s', async (mode, _name, honoured) => {
    for (const [name, value] of Object.entries(HOOKS)) vi.stubEnv(name, value);
    const { startManagedInVsCode } = await import('./managedHost');
    const context = {
      extensionMode: mode,
      globalStorageUri: { fsPath: '/tmp/roundtable-hooks' },
      extensionPath: '/tmp/roundtable-hooks-extension',
      secrets: { get: async () => undefined, store: async () => {} },
    };
    startManagedInVsCode(
      context as unknown as Parameters<typeof startManagedInVsCode>[0],
      { binaryPath: '', port: 8317, participants: () => [] },
      { trace() {}, info() {}, warn() {}, error() {} },
    );
    const deps = started.at(-1);
    expect(deps?.mirror !== undefined).toBe(honoured);
    expect(deps?.proxyEnv !== undefined).toBe(honoured);
    vi.unstubAllEnvs();
  });
});
