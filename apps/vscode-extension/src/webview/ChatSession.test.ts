import {
  DEFAULT_ORCHESTRATOR_SETTINGS,
  type HostToWebview,
  HostToWebview as HostToWebviewSchema,
  Orchestrator,
  silentLogger,
  webviewMessage,
} from '@roundtable/core';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '@roundtable/core/testing';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChatSession, type WebviewEndpoint } from './ChatSession';
import type { HostUi } from './hostUi';

class FakeWebview implements WebviewEndpoint {
  readonly posted: HostToWebview[] = [];
  private listener: ((message: unknown) => void) | undefined;
  postMessage(message: HostToWebview) {
    // Whatever the host posts must pass the webview's own validation.
    expect(HostToWebviewSchema.safeParse(message).success).toBe(true);
    this.posted.push(message);
    return Promise.resolve(true);
  }
  onDidReceiveMessage(listener: (message: unknown) => void) {
    this.listener = listener;
    return { dispose: () => (this.listener = undefined) };
  }
  send(message: unknown): void {
    this.listener?.(message);
  }
  types(): string[] {
    return this.posted.map((m) => m.type);
  }
}

const cleanup: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) d.dispose();
});

function setup() {
  const clock = new FakeClock();
  const chat = new ScriptedChat();
  const orchestrator = new Orchestrator({
    repository: new MemoryThreadRepository(),
    chat: chat.backend,
    clock,
    ids: {
      next: (() => {
        let n = 0;
        return () => `id-${++n}`;
      })(),
    },
    logger: silentLogger,
    settings: {
      ...DEFAULT_ORCHESTRATOR_SETTINGS,
      participants: [{ id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true }],
    },
  });
  const initialized = orchestrator.initialize();
  const ui = {
    showWarning: vi.fn(),
    showInfo: vi.fn(),
    openExternal: vi.fn(async () => true),
    openSettings: vi.fn(),
  } satisfies HostUi;
  const warnings: string[] = [];
  const webview = new FakeWebview();
  const session = new ChatSession(webview, orchestrator, initialized, ui, {
    ...silentLogger,
    warn: (m) => warnings.push(m),
  });
  cleanup.push(session, orchestrator);
  return { orchestrator, chat, clock, ui, webview, session, warnings };
}

describe('ChatSession', () => {
  test('posts nothing before ready, then answers every ready with the full state', async () => {
    const { webview, orchestrator } = setup();
    orchestrator.setSidecarStatus({ ok: true, detail: 'fine' });
    expect(webview.posted).toEqual([]);
    webview.send(webviewMessage('ready', {}));
    await vi.waitFor(() => expect(webview.types()).toEqual(['state']));
    webview.send(webviewMessage('ready', {}));
    await vi.waitFor(() => expect(webview.types()).toEqual(['state', 'state']));
  });

  test('drops invalid messages with a log line and keeps working', async () => {
    const { webview, warnings } = setup();
    for (const bad of [
      null,
      'ready',
      { type: 'ready' },
      { v: 1, type: 'sendMessage', payload: { text: 42 } },
      { v: 1, type: 'rm -rf', payload: {} },
    ]) {
      webview.send(bad);
    }
    expect(warnings).toHaveLength(5);
    expect(warnings[3]).toContain('"sendMessage"');
    webview.send(webviewMessage('ready', {}));
    await vi.waitFor(() => expect(webview.types()).toEqual(['state']));
  });

  test('a sent message streams back as state, batched deltas, and a final state', async () => {
    const { webview, chat, clock } = setup();
    webview.send(webviewMessage('ready', {}));
    await vi.waitFor(() => expect(webview.types()).toEqual(['state']));
    webview.send(webviewMessage('sendMessage', { text: 'hello' }));
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'Hi' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    clock.advance(50);
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await vi.waitFor(() => {
      const final = webview.posted.at(-1);
      expect(final?.type).toBe('state');
      expect(final?.type === 'state' && !final.payload.busy).toBe(true);
    });
    expect(webview.posted.filter((m) => m.type === 'delta').map((m) => m.payload)).toEqual([
      { messageId: 'id-3', contentDelta: 'Hi', offset: 0 },
    ]);
    const final = webview.posted.at(-1);
    expect(final?.type === 'state' && final.payload.transcript.messages.map((m) => m.status)).toEqual([
      'complete',
      'complete',
    ]);
  });

  test('a hidden view gets nothing until its page is ready again', async () => {
    const { webview, session, orchestrator } = setup();
    webview.send(webviewMessage('ready', {}));
    await vi.waitFor(() => expect(webview.posted).toHaveLength(1));
    session.markHidden();
    orchestrator.setSidecarStatus({ ok: false, detail: 'down' });
    expect(webview.posted).toHaveLength(1);
    webview.send(webviewMessage('ready', {}));
    await vi.waitFor(() => expect(webview.posted).toHaveLength(2));
    const latest = webview.posted[1];
    expect(latest?.type === 'state' && latest.payload.sidecarStatus.detail).toBe('down');
  });

  test('opens only safe links, through the host', async () => {
    const { webview, ui } = setup();
    webview.send(webviewMessage('openLink', { url: 'https://example.com/docs' }));
    webview.send(webviewMessage('openLink', { url: 'command:workbench.action.terminal.new' }));
    await vi.waitFor(() => expect(ui.showWarning).toHaveBeenCalledTimes(1));
    expect(ui.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/docs');
    expect(ui.showWarning.mock.calls[0]?.[0]).toContain('command:');
  });

  test('a refused intent is shown to the user, not silently dropped', async () => {
    const { webview, ui } = setup();
    webview.send(webviewMessage('sendMessage', { text: '   ' }));
    webview.send(webviewMessage('setDefaultTarget', { participantId: 'nobody' }));
    await vi.waitFor(() => expect(ui.showWarning).toHaveBeenCalledTimes(2));
    expect(ui.showWarning.mock.calls.map((c) => c[0])).toEqual([
      'The message is empty.',
      '"nobody" is not an enabled participant.',
    ]);
  });

  test('stopGeneration cancels the reply in flight', async () => {
    const { webview, chat } = setup();
    webview.send(webviewMessage('sendMessage', { text: 'hello' }));
    const call = await chat.call(0);
    webview.send(webviewMessage('stopGeneration', {}));
    await vi.waitFor(() => expect(call.signal.aborted).toBe(true));
  });
});
