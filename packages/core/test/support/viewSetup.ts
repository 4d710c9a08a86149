import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { expect } from 'vitest';
import { FakeClock, MemoryThreadRepository, MemoryThreadStorage, ScriptedChat } from '../../src/../src/testing';
import { Emitter } from '../../src/base/event';
import { rankFiles } from '../../src/files/rankFiles';
import { checkImage } from '../../src/images/imageCheck';
import { Orchestrator } from '../../src/orchestrator/Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../../src/orchestrator/settings';
import type { ParticipantConfig } from '../../src/participants/participant';
import { silentLogger } from '../../src/ports';
import type { PromptDocument } from '../../src/prompt/describePrompt';
import {
  type HostToWebview,
  HostToWebview as HostToWebviewSchema,
  type SeatMap,
  type SidecarStatus,
  viewSignal,
  webviewIntent,
} from '../../src/protocol/messages';
import type { ContextBlock, Message, Transcript } from '../../src/transcript/schema';
import { ChatViewController, type HostActions } from '../../src/views/ChatViewController';
import type { ChatViewDeps } from '../../src/views/viewPorts';

export const claude: ParticipantConfig = {
  id: 'claude',
  displayName: 'Claude',
  color: '#D97706',
  model: 'm',
  enabled: true,
};

const disposables: { dispose(): void }[] = [];

/** Disposes what the tests' setups made; call in `afterEach`. */
export function disposeAll(): void {
  for (const d of disposables.splice(0).reverse()) d.dispose();
}

/** A stored thread of `messages` alternating user and Claude messages. */
export function storedThread(id: string, messages: number, updatedAt = '2026-02-01T00:00:00.000Z'): Transcript {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  return {
    version: 7,
    id,
    title: `thread ${id}`,
    createdAt: new Date(base).toISOString(),
    updatedAt,
    participants: ['claude'],
    messages: Array.from(
      { length: messages },
      (_, i): Message => ({
        id: `${id}-m${i}`,
        seq: i,
        role: i % 2 === 0 ? 'user' : 'assistant',
        speaker: i % 2 === 0 ? 'user' : 'claude',
        content: i === 0 ? `thread ${id}` : `message ${i}`,
        status: 'complete',
        createdAt: new Date(base + i).toISOString(),
      }),
    ),
  };
}

/**
 * An orchestrator over a memory storage and scripted model, and `view()` to open views on it: each records what
 * it posts (checked against the protocol and its sequence) and can send intents and `view/ready`.
 */
export function setup(stored: Transcript[] = [], storage = new MemoryThreadStorage(), seats?: () => SeatMap) {
  const repository = new MemoryThreadRepository(stored, storage);
  disposables.push(repository);
  const chat = new ScriptedChat();
  const clock = new FakeClock();
  let n = 0;
  const orchestrator = new Orchestrator({
    repository,
    chat: chat.backend,
    clock,
    ids: { next: () => `id-${++n}` },
    logger: silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude] },
    ...(seats ? { seats } : {}),
  });
  disposables.push(orchestrator);
  const sidecarEmitter = new Emitter<SidecarStatus>();
  disposables.push(sidecarEmitter);
  const sidecar = { current: { state: 'healthy', detail: 'fine' } as SidecarStatus, onDidChange: sidecarEmitter.event };
  const opened: string[] = [];
  const prompts: { shown: PromptDocument; others: readonly PromptDocument[] }[] = [];
  // The workspace's files, for `#` and `context/addFile`: path -> content (null: a binary file).
  const files = new Map<string, string | null>();
  // Fired by a test that changed `files`, as the host's watcher would: it settles every wait for the next change.
  const waits: (() => void)[] = [];
  const filesChanged = {
    fire: () => {
      for (const settle of waits.splice(0)) settle();
    },
  };
  const host: HostActions = {
    findFiles: async (query) => rankFiles([...files.keys()], query),
    filesChanged: () => new Promise<void>((resolve) => waits.push(resolve)),
    readFile: async (path) => {
      const content = files.get(path);
      if (content === undefined) return { ok: false, reason: `${path} is not a file of the workspace.` };
      if (content === null) return { ok: false, reason: `${path} looks like a binary file.` };
      const block: ContextBlock = { kind: 'file', path, content };
      return { ok: true, block };
    },
    openLink: async (url) => {
      opened.push(url);
      return { ok: true };
    },
    reveal: async (key) => (key === 'missing' ? { ok: false, reason: 'No file for that thread.' } : { ok: true }),
    sidecarActions: async () => {
      opened.push('sidecar-actions');
      return { ok: true };
    },
    signInSeat: async (participantId) => {
      opened.push(`sign-in:${participantId}`);
      return { ok: true };
    },
    resetSeat: async (participantId) => {
      opened.push(`reset:${participantId}`);
      return { ok: true };
    },
    fixSeat: async (participantId, fix) => {
      opened.push(`${fix}:${participantId}`);
      return { ok: true };
    },
    insertCode: async (code) => {
      opened.push(`insert:${code}`);
      return { ok: true };
    },
    showPrompt: async (shown, others) => {
      prompts.push({ shown, others });
      return { ok: true };
    },
    openCodeInNewFile: async (code, language) => {
      opened.push(`new-file:${language}:${code}`);
      return { ok: true };
    },
    reviewChange: async (change) => {
      opened.push(`review:${change.info}:${change.code}`);
      return { ok: true };
    },
    applyChange: async (change) => {
      opened.push(`apply:${change.info}:${change.code}`);
      return { ok: true };
    },
    compareChange: async (change, transcript, participants) => {
      const ids = [change.messageId, transcript?.id, participants.map((p) => p.id).join(',')];
      opened.push(`compare:${change.info}:${ids.join(':')}`);
      return { ok: true };
    },
    storeImage: async (data, name) => {
      const bytes = Buffer.from(data, 'base64');
      const checked = checkImage(bytes, name);
      if (!checked.ok) return checked;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      opened.push(`image:${sha256}`);
      return { ok: true, image: { sha256, mime: checked.mime, bytes: bytes.length, ...(name ? { name } : {}) } };
    },
  };
  const logs: string[] = [];
  const view = (extra: Pick<ChatViewDeps, 'terms' | 'activeFile'> = {}) => {
    const posted: HostToWebview[] = [];
    const controller = new ChatViewController(
      {
        orchestrator,
        sidecar,
        // The seat map the orchestrator reads, as the views read it (it never changes while a test looks).
        ...(seats
          ? {
              seats: {
                get current() {
                  return seats();
                },
                onDidChange: () => ({ dispose() {} }),
              },
            }
          : {}),
        host,
        clock,
        logger: {
          ...silentLogger,
          warn: (m) => logs.push(m),
          info: (m) => logs.push(m),
          error: (m) => logs.push(`error ${m}`),
        },
        ...extra,
      },
      (message) => {
        // Whatever the host posts must pass the webview's own validation, in sequence.
        expect(v.safeParse(HostToWebviewSchema, message).success).toBe(true);
        const previous = posted.at(-1);
        if (previous && message.type !== 'view/state') expect(message.seq).toBe(previous.seq + 1);
        posted.push(message);
      },
    );
    disposables.push(controller);
    let r = 0;
    const intent = async <T extends Parameters<typeof webviewIntent>[0]>(
      type: T,
      payload: Parameters<typeof webviewIntent<T>>[2],
    ) => {
      const requestId = `r${++r}`;
      await controller.receive(webviewIntent(type, requestId, payload));
      const done = posted.find((m) => m.type === 'request/done' && m.payload.requestId === requestId);
      return done?.type === 'request/done' ? done.payload : undefined;
    };
    const ready = () => controller.receive(viewSignal('view/ready'));
    const lastState = () => {
      const state = posted.filter((m) => m.type === 'view/state').at(-1);
      if (state?.type !== 'view/state') throw new Error('no state');
      return state.payload;
    };
    const lastList = () => {
      const list = posted.filter((m) => m.type === 'threads/listed').at(-1);
      if (list?.type !== 'threads/listed') throw new Error('no list');
      return list.payload;
    };
    return { controller, posted, intent, ready, lastState, lastList, types: () => posted.map((m) => m.type) };
  };
  return {
    orchestrator,
    repository,
    chat,
    clock,
    sidecarEmitter,
    sidecar,
    opened,
    prompts,
    logs,
    view,
    files,
    filesChanged,
    host,
  };
}
