// One chat view's host side over a memory store and a scripted model, with a fake page (ChatSession's tests).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ORCHESTRATOR_SETTINGS, DisposableStore, Emitter, Orchestrator, silentLogger } from '@roundtable/core';
import {
  type HostToWebview,
  HostToWebview as HostToWebviewSchema,
  type SidecarStatus,
} from '@roundtable/core/protocol';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '@roundtable/core/testing';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { ChatSession, type WebviewEndpoint } from '../../src/webview/ChatSession';
import { createHostActions, type HostUi } from '../../src/webview/hostActions';
import { ShownViews } from '../../src/webview/ShownViews';

/** What `storage/reveal` finds for the keys `here` (this file) and `unsaved` (a file never saved, in this folder). */
export const REVEALABLE = { file: __filename, folder: __dirname };

/** A webview page: records what the host posts (validated as the real page would) and plays the page's side. */
export class FakeWebview implements WebviewEndpoint {
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

/** What the sessions of a test made; disposed after each test (`disposeSessions`). */
const cleanup: { dispose(): void }[] = [];

export function disposeSessions(): void {
  for (const d of cleanup.splice(0)) d.dispose();
}

export function setupSession() {
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
  const statesPosted: string[] = [];
  const session = new ChatSession(
    { orchestrator, sidecar, host, logger: silentLogger },
    (s) => active.push(s),
    () => statesPosted.push(session.controller.threadId ?? ''),
    shown,
  );
  cleanup.push(session, shown);
  return {
    session,
    chat,
    revealed,
    links,
    editor,
    active,
    shown,
    statesPosted,
    sidecarMenus: () => sidecarMenus,
    storageRoot,
  };
}
