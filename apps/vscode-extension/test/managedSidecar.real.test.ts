import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChatViewController,
  DEFAULT_ORCHESTRATOR_SETTINGS,
  type HostActions,
  Orchestrator,
  randomIds,
  systemClock,
} from '@roundtable/core';
import { type HostToWebview, isSidecarUp, seatlessTable, viewSignal, webviewIntent } from '@roundtable/core/protocol';
import { MemoryThreadRepository, RecordingLogger, ScriptedChat } from '@roundtable/core/testing';
import { bundleForChild, describeRealOnly, NO_EGRESS, realProxyBinary, removeChildBundle } from '@roundtable/testkit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ManagedSidecar } from '../src/sidecar/managedApi';
import { startManagedSidecar } from '../src/sidecar/managedSidecar';

// The managed sidecar as the extension runs it (everything but the VS Code UI), with the real binary given through
// roundtable.sidecar.binaryPath: it starts, says what it serves, lists the seats, and keeps its secrets secret.

const claudeSeat = {
  id: 'claude',
  displayName: 'Claude',
  color: '#D97706',
  model: 'claude-sonnet-4-6',
  enabled: true,
};
const secrets = new Map<string, string>();
const logger = new RecordingLogger();
let dir = '';
let sidecar: ManagedSidecar | undefined;
let watchdog = '';

beforeAll(async () => {
  const binary = realProxyBinary();
  if (!binary.ok) return;
  dir = await mkdtemp(join(tmpdir(), 'roundtable-managed-sidecar-'));
  // The proxy runs under its watchdog, as in the extension (the build's `dist/proxyWatchdog.js`, from source here).
  watchdog = await bundleForChild(join(__dirname, '../../../packages/sidecar/src/managed/watchdog/proxyWatchdog.ts'));
  sidecar = startManagedSidecar({
    storageDir: dir,
    watchdog: { nodePath: process.execPath, script: watchdog },
    binaryPath: binary.path,
    preferredPort: 0,
    participants: () => [{ id: 'claude', model: 'claude-sonnet-4-6', enabled: true }],
    secrets: { get: async (key) => secrets.get(key), store: async (key, value) => void secrets.set(key, value) },
    logger,
    consent: () => Promise.reject(new Error('a binary was given: nothing may be downloaded')),
    showDownload: () => {
      throw new Error('a binary was given: nothing may be downloaded');
    },
    // The proxy's own internet requests die on a closed loopback port (passed to it alone).
    proxyEnv: { ...NO_EGRESS },
  });
}, 30_000);

afterAll(async () => {
  await sidecar?.stop();
  sidecar?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
  await removeChildBundle(watchdog);
});

describeRealOnly('the managed sidecar', () => {
  test('turns healthy and says which participants it cannot serve yet, and why', async () => {
    const managed = sidecar as ManagedSidecar;
    await expect
      .poll(() => managed.current.detail, { timeout: 30_000 })
      .toContain('Not served now: @claude (claude-sonnet-4-6).');
    expect(isSidecarUp(managed.current)).toBe(true);
    expect(managed.current.detail).toMatch(/^Roundtable runs CLIProxyAPI at http:\/\/127\.0\.0\.1:\d+\. /);
    await expect
      .poll(() => managed.seats.current, { timeout: 10_000 })
      .toEqual({
        claude: { kind: 'needs-login', provider: 'Claude' },
      });
    expect(managed.seatProvider('claude')).toBe('claude');
  }, 45_000);

  test('makes its access key once, keeps it and the password in secret storage, and never logs or shows them', async () => {
    const managed = sidecar as ManagedSidecar;
    const key = await managed.accessKey();
    expect(await managed.accessKey()).toBe(key);
    expect(secrets.get('roundtable.managedProxyAccessKey')).toBe(key);
    const password = secrets.get('roundtable.managedProxyPassword') ?? '';
    expect(password.length).toBeGreaterThan(20);
    const shown = [JSON.stringify(managed.diagnostics()), managed.current.detail, ...logger.lines].join('\n');
    expect(shown).not.toContain(key);
    expect(shown).not.toContain(password);
    const models = await fetch(`${managed.url()}/v1/models`, { headers: { Authorization: `Bearer ${key}` } });
    expect(models.status).toBe(200);
  });

  test('offers a terminal sign-in with its own binary and config', async () => {
    const line = await (sidecar as ManagedSidecar).terminalLogin('codex');
    expect(line).toEqual([
      realProxyBinary().ok ? expect.stringContaining('cli-proxy-api') : '',
      '-config',
      join(dir, 'cliproxyapi', 'run', 'config.yaml'),
      '-codex-device-login',
      '-no-browser',
    ]);
  });

  test('with no login, the pill is amber and a message to the seat is held with Sign in, never sent', async () => {
    const managed = sidecar as ManagedSidecar;
    await expect.poll(() => managed.seats.current.claude?.kind, { timeout: 10_000 }).toBe('needs-login');
    const chat = new ScriptedChat();
    const orchestrator = new Orchestrator({
      repository: new MemoryThreadRepository(),
      chat: chat.backend,
      clock: systemClock,
      ids: randomIds,
      logger,
      settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claudeSeat] },
      seats: () => managed.seats.current,
    });
    const posted: HostToWebview[] = [];
    const view = new ChatViewController(
      {
        orchestrator,
        sidecar: managed,
        seats: managed.seats,
        host: {} as HostActions,
        logger,
      },
      (message) => posted.push(message),
    );
    try {
      await view.receive(viewSignal('view/ready'));
      const state = posted.find((m) => m.type === 'view/state');
      if (state?.type !== 'view/state') throw new Error('no state');
      const { sidecar: status, seats = {}, thread } = state.payload;
      expect(seatlessTable(status, seats, ['claude'])).toBe('needs-login');
      await view.receive(webviewIntent('chat/send', 'r1', { threadId: thread.id, text: 'hello' }));
      expect(posted.at(-1)?.payload).toMatchObject({
        ok: false,
        reason: expect.stringContaining('Claude needs a Claude login'),
        action: { kind: 'signIn', participantId: 'claude' },
      });
      expect(chat.calls).toEqual([]);
      expect(orchestrator.store.transcript(thread.id)?.messages).toEqual([]);
    } finally {
      view.dispose();
      orchestrator.dispose();
    }
  });
});
