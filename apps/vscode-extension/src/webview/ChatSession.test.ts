import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ORCHESTRATOR_SETTINGS, DisposableStore, Emitter, Orchestrator, silentLogger } from '@roundtable/core';
import {
  type HostToWebview,
  HostToWebview as HostToWebviewSchema,
  type SidecarStatus,
  viewSignal,
  webviewIntent,
} from '@roundtable/core/protocol';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '@roundtable/core/testing';
import * as v from 'valibot';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChatSession, type WebviewEndpoint } from './ChatSession';
import { createHostActions, type HostUi } from './hostActions';
import { ShownViews } from './ShownViews';

/** A webview page: records what the host posts (validated as the real page would) and plays the page's side. */
class FakeWebview implements WebviewEndpoint {
  readonly posted: HostToWebview[] = [];
  private listener: ((message: unknown) => void) | undefined;
  postMessage(message: HostToWebview) {
    expect(v.safeParse(HostToWebviewSchema, message).success).toBe(true);
    this.posted.push(message);
    return Promise.resolve(true);
  }
  onDidReceiveMessage(listener: (message: unknown) => void) {
    this.listener = listener;
    return { dispose: () => (this.listener = undefined) };
  }
  async send(message: unknown): Promise<void> {
    this.listener?.(message);
    await vi.waitFor(() => Promise.resolve());
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
  const chat = new ScriptedChat();
  let n = 0;
  const orchestrator = new Orchestrator({
    repository: new MemoryThreadRepository(),
    chat: chat.backend,
    clock: new FakeClock(),
    ids: { next: () => `id-${++n}` },
    logger: silentLogger,
    settings: {
      ...DEFAULT_ORCHESTRATOR_SETTINGS,
      participants: [
        { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true },
        { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'g', enabled: true },
      ],
    },
  });
  cleanup.push(orchestrator);
  const revealed: string[] = [];
  const links: string[] = [];
  const editor = {
    open: false,
    inserted: [] as string[],
    untitled: [] as [string, string | undefined][],
    documents: [] as string[],
    picks: [] as string[][],
    choose: undefined as number | undefined,
  };
  const ui: HostUi = {
    showWarning: () => {},
    showInfo: () => {},
    openExternal: async (url) => {
      links.push(url);
      return true;
    },
    revealFile: async (path) => {
      revealed.push(path);
    },
    insertAtCursor: async (code) => {
      if (!editor.open) return false;
      editor.inserted.push(code);
      return true;
    },
    openUntitled: async (code, language) => {
      editor.untitled.push([code, language]);
    },
    languages: async () => ['plaintext', 'python', 'shellscript', 'typescript'],
    showDocument: async (document) => {
      editor.documents.push(document.title);
    },
    compareDocuments: async (left, right) => {
      editor.documents.push(`${left.title} ↔ ${right.title}`);
    },
    pick: async (_title, labels) => {
      editor.picks.push([...labels]);
      return editor.choose;
    },
    openSettings: async () => {},
  };
  const sidecar = {
    current: { state: 'healthy', detail: 'ok' } as SidecarStatus,
    onDidChange: new Emitter<SidecarStatus>().event,
  };
  let sidecarMenus = 0;
  const storageRoot = mkdtempSync(join(tmpdir(), 'rt-session-'));
  cleanup.push({ dispose: () => rmSync(storageRoot, { recursive: true, force: true }) });
  const owner = new DisposableStore();
  cleanup.push(owner);
  const host = createHostActions({
    owner,
    ui,
    logger: silentLogger,
    storageRoot,
    locate: (key) =>
      ({ here: __filename, unsaved: `${__dirname}/never-saved.json`, nowhere: '/no/such/folder/x.json' })[key],
    sidecarActions: async () => {
      sidecarMenus += 1;
    },
    fixes: { cliPage: () => undefined, setting: () => 'roundtable.participants' },
  });
  const active: ChatSession[] = [];
  const shown = new ShownViews();
  const session = new ChatSession(
    { orchestrator, sidecar, host, logger: silentLogger },
    (s) => active.push(s),
    () => {},
    shown,
  );
  cleanup.push(session, shown);
  return { session, chat, revealed, links, editor, active, shown, sidecarMenus: () => sidecarMenus, storageRoot };
}

describe('ChatSession', () => {
  test('answers the page’s ready with the full state, and reports itself as the active view', async () => {
    const { session, active } = setup();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await vi.waitFor(() => expect(page.types()).toEqual(['view/state', 'threads/listed']));
    expect(active).toEqual([session]);
  });

  test('counts as shown from its page’s first word until it is hidden or disposed (what paces the proxy checks)', async () => {
    const { session, shown } = setup();
    const changes: boolean[] = [];
    shown.onDidChange((any) => changes.push(any));
    const page = new FakeWebview();
    session.attach(page);
    expect(shown.any).toBe(false);
    await page.send(viewSignal('view/ready'));
    expect(shown.any).toBe(true);
    session.markHidden();
    expect(shown.any).toBe(false);
    await page.send(viewSignal('view/ready'));
    session.dispose();
    expect(changes).toEqual([true, false, true, false]);
  });

  test('a re-created page keeps the view’s thread: the new page gets its state, the old one nothing more', async () => {
    const { session } = setup();
    const first = new FakeWebview();
    session.attach(first);
    await first.send(viewSignal('view/ready'));
    await first.send(webviewIntent('thread/new', 'r1', {}));
    const threadId = session.controller.threadId;
    await first.send(webviewIntent('chat/send', 'r2', { threadId: threadId ?? '', text: 'hello' }));
    const second = new FakeWebview();
    session.attach(second);
    const before = first.posted.length;
    await second.send(viewSignal('view/ready'));
    await vi.waitFor(() => expect(second.types()[0]).toBe('view/state'));
    const state = second.posted[0];
    expect(state?.type === 'view/state' && state.payload.thread.id).toBe(threadId);
    expect(first.posted.length).toBe(before);
  });

  test('a pasted image is stored once in the assets folder, under its SHA-256, and waits in the composer', async () => {
    const { session, storageRoot } = setup();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const data = png.toString('base64');
    await page.send(webviewIntent('image/attach', 'r1', { name: 'shot.png', data }));
    await page.send(webviewIntent('image/attach', 'r2', { name: 'again.png', data }));
    await page.send(webviewIntent('image/attach', 'r3', { data: Buffer.from('GIF8x').toString('base64') }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(3));
    const [file, ...others] = readdirSync(join(storageRoot, 'assets'));
    expect(others).toEqual([]);
    expect(file).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(readFileSync(join(storageRoot, 'assets', file ?? ''))).toEqual(png);
    expect(session.controller.context.currentImages.map((i) => i.image.name)).toEqual(['shot.png']);
    const refused = page.posted.find((m) => m.type === 'request/done' && m.payload.requestId === 'r3');
    expect(refused?.type === 'request/done' && refused.payload).toMatchObject({
      ok: false,
      reason: 'The image is not a PNG, JPEG, GIF or WebP image.',
    });
  });

  test('reveal resolves only the repository’s own names; links go out only after the scheme check', async () => {
    const { session, revealed, links } = setup();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await page.send(webviewIntent('storage/reveal', 'r1', { threadId: 'here' }));
    await page.send(webviewIntent('storage/reveal', 'r2', { threadId: '../etc' }));
    await page.send(webviewIntent('link/open', 'r3', { url: 'command:workbench.action.terminal.new' }));
    await page.send(webviewIntent('link/open', 'r4', { url: 'https://example.com/docs' }));
    await page.send(webviewIntent('storage/reveal', 'r5', { threadId: 'unsaved' }));
    await page.send(webviewIntent('storage/reveal', 'r6', { threadId: 'nowhere' }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(6));
    // A thread never saved is revealed through its folder.
    expect(revealed.sort()).toEqual([__dirname, __filename].sort());
    expect(links).toEqual(['https://example.com/docs']);
    const results = page.posted
      .flatMap((m) => (m.type === 'request/done' ? [m.payload] : []))
      .sort((a, b) => a.requestId.localeCompare(b.requestId));
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true, true, false]);
    expect(results[2]).toMatchObject({ reason: expect.stringContaining('"command:" is not allowed') });
  });

  test('a code block goes into the editor only when one is open, and opens in a new file in its language', async () => {
    const { session, editor } = setup();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await page.send(webviewIntent('code/insert', 'r1', { code: 'print(1)\n' }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(1));
    editor.open = true;
    await page.send(webviewIntent('code/insert', 'r2', { code: 'print(2)\n' }));
    await page.send(webviewIntent('code/newFile', 'r3', { code: 'ls -la', language: 'sh' }));
    await page.send(webviewIntent('code/newFile', 'r4', { code: 'x', language: 'klingon' }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(4));
    const results = page.posted.flatMap((m) => (m.type === 'request/done' ? [m.payload] : []));
    expect(results[0]).toMatchObject({ ok: false, reason: expect.stringContaining('Open a file in an editor first') });
    expect(results.slice(1).map((r) => r.ok)).toEqual([true, true, true]);
    expect(editor.inserted).toEqual(['print(2)\n']);
    expect(editor.untitled).toEqual([
      ['ls -la', 'shellscript'],
      ['x', undefined],
    ]);
  });

  test('a click on the proxy status asks the host for the proxy’s actions', async () => {
    const { session, sidecarMenus } = setup();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await page.send(webviewIntent('sidecar/actions', 'r1', {}));
    await vi.waitFor(() => expect(page.types()).toContain('request/done'));
    expect(sidecarMenus()).toBe(1);
  });

  test('Prompt shows the reply’s prompt alone, or offers to compare it with the others of its turn', async () => {
    const { session, chat, editor } = setup();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    const threadId = session.controller.threadId ?? '';
    const done = () => page.posted.filter((m) => m.type === 'request/done').length;
    const reply = (i: number) => {
      const m = page.posted.filter((p) => p.type === 'message/added').map((p) => p.payload.message)[i];
      return m?.id ?? '';
    };
    await page.send(webviewIntent('chat/send', 'r1', { threadId, text: '@claude alone' }));
    await chat.reply(0, 'one');
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'message/added')).toHaveLength(2));
    await page.send(webviewIntent('message/prompt', 'r2', { threadId, messageId: reply(1) }));
    await vi.waitFor(() => expect(editor.documents).toEqual(["Claude's prompt"]));
    expect(editor.picks).toEqual([]);

    await vi.waitFor(() => expect(done()).toBe(2));
    await page.send(webviewIntent('chat/send', 'r3', { threadId, text: '@all both' }));
    await chat.reply(1, 'two');
    await chat.reply(2, 'three');
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'message/added')).toHaveLength(5));
    editor.choose = 1;
    await page.send(webviewIntent('message/prompt', 'r4', { threadId, messageId: reply(3) }));
    await vi.waitFor(() => expect(editor.documents.at(-1)).toBe("Claude's prompt ↔ GPT's prompt"));
    expect(editor.picks).toEqual([["Show Claude's prompt", "Compare with GPT's prompt"]]);
    editor.choose = undefined;
    await page.send(webviewIntent('message/prompt', 'r5', { threadId, messageId: reply(4) }));
    await vi.waitFor(() => expect(done()).toBe(5));
    expect(editor.documents).toHaveLength(2); // dismissed: nothing opened
  });
});
