import type { IDisposable } from '../base/lifecycle';
import { Orchestrator } from '../orchestrator/Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../orchestrator/settings';
import type { ParticipantConfig } from '../participants/participant';
import { silentLogger } from '../ports';
import type { ThreadRepository } from '../store/ports';
import type { ThreadLease } from '../store/ThreadStore';
import type { Transcript } from '../transcript/schema';
import { FakeClock } from './FakeClock';
import { ScriptedChat } from './ScriptedChat';

/**
 * A model-free driver for "two windows on one storage": each side is a whole orchestrator (store, turn runner,
 * its own chat backend) over its own repository of one shared storage, and a list of operations is played
 * against them in order. The property tests generate the operations; this file only plays them and reports.
 */

export type Side = 0 | 1;

export type WindowOp =
  | { kind: 'send'; side: Side }
  | { kind: 'chunk'; side: Side }
  | { kind: 'finish'; side: Side }
  | { kind: 'fail'; side: Side }
  | { kind: 'stop'; side: Side }
  | { kind: 'retry'; side: Side }
  | { kind: 'deleteMessage'; side: Side; pick: number }
  | { kind: 'newThread'; side: Side }
  | { kind: 'switch'; side: Side; pick: number }
  | { kind: 'save'; side: Side }
  | { kind: 'saveBoth' }
  | { kind: 'sync'; side: Side }
  | { kind: 'tick'; ms: number };

export interface WindowStorage {
  repository: ThreadRepository;
  /** Makes the repository report what other windows wrote (a file watcher's job outside tests). */
  sync(): Promise<void>;
}

export interface TwoWindowsResult {
  /** Each side's transcript of every thread either side lists, after everything settled. */
  transcripts: [Map<string, Transcript>, Map<string, Transcript>];
  /** Every message id either side created, with the thread it was created in. */
  created: Map<string, string>;
}

const PARTICIPANTS: ParticipantConfig[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt', enabled: true },
];

interface Window {
  orchestrator: Orchestrator;
  chat: ScriptedChat;
  storage: WindowStorage;
  lease: ThreadLease;
  /** Records the messages this side created. */
  listener: IDisposable;
  /** Calls of `chat` not yet ended. */
  open: number[];
}

/** Lets promise chains and I/O callbacks run. */
async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export async function playTwoWindows(
  ops: readonly WindowOp[],
  makeStorage: (side: Side) => WindowStorage,
): Promise<TwoWindowsResult> {
  const clock = new FakeClock();
  const created = new Map<string, string>();
  let sent = 0;
  const windows = (await Promise.all(
    ([0, 1] as const).map(async (side) => {
      const chat = new ScriptedChat();
      const storage = makeStorage(side);
      let n = 0;
      const orchestrator = new Orchestrator({
        repository: storage.repository,
        chat: chat.backend,
        clock,
        ids: { next: () => `w${side}-${++n}` },
        logger: silentLogger,
        settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: PARTICIPANTS },
      });
      const listener = orchestrator.store.onDidChange((c) => {
        if (c.kind === 'messageAdded' && c.message.id.startsWith(`w${side}-`)) created.set(c.message.id, c.threadId);
      });
      const w: Window = { orchestrator, chat, storage, lease: await orchestrator.newThread(), listener, open: [] };
      chat.onCall = (index) => w.open.push(index);
      return w;
    }),
  )) as [Window, Window];

  const shown = (w: Window) => w.lease.threadId;
  const activeCall = (w: Window) => {
    const index = w.open[0];
    return index === undefined ? undefined : w.chat.calls[index];
  };
  const endCall = (w: Window) => w.open.shift();

  try {
    // Both windows start on the same stored thread, the case that matters most.
    const [first, second] = windows;
    first.orchestrator.store.append(
      shown(first),
      { id: 'w0-start', role: 'user', speaker: 'user', content: 'shared start', status: 'complete' },
      'urgent',
    );
    created.set('w0-start', shown(first));
    await first.orchestrator.store.flush();
    await second.storage.sync();
    await second.orchestrator.store.settled();
    const opened = await second.orchestrator.store.open(shown(first));
    if (!opened.ok) throw new Error(`the second window could not open the shared thread: ${opened.reason}`);
    second.lease.dispose();
    second.lease = opened.lease;

    for (const op of ops) {
      if (op.kind === 'tick') {
        clock.advance(op.ms);
        await settle();
        continue;
      }
      if (op.kind === 'saveBoth') {
        await Promise.all(windows.map((w) => w.orchestrator.store.flush()));
        continue;
      }
      const w = windows[op.side];
      const { orchestrator } = w;
      switch (op.kind) {
        case 'send':
          await orchestrator.send(
            shown(w),
            `message ${++sent} @${sent % 3 === 0 ? 'all' : sent % 2 === 0 ? 'gpt' : 'claude'}`,
          );
          break;
        case 'chunk':
          activeCall(w)?.emit({ type: 'delta', text: `c${clock.now().getTime() % 1000} ` });
          break;
        case 'finish': {
          const call = activeCall(w);
          if (call) {
            call.emit({ type: 'finish', reason: 'stop' });
            call.end();
            endCall(w);
          }
          break;
        }
        case 'fail': {
          const call = activeCall(w);
          if (call) {
            call.emit({ type: 'error', error: { kind: 'http', message: 'HTTP 500: upstream failed' } });
            call.end();
            endCall(w);
          }
          break;
        }
        case 'stop':
          orchestrator.stop(shown(w));
          break;
        case 'retry': {
          const messages = orchestrator.store.transcript(shown(w))?.messages ?? [];
          const failed = messages.filter((m) => m.status === 'error' || m.status === 'cancelled').at(-1);
          if (failed) await orchestrator.retry(shown(w), failed.id);
          break;
        }
        case 'deleteMessage': {
          const messages = (orchestrator.store.transcript(shown(w))?.messages ?? []).filter(
            (m) => m.status !== 'streaming' && m.status !== 'deleted',
          );
          const target = messages[op.pick % Math.max(1, messages.length)];
          if (target) orchestrator.deleteMessage(shown(w), target.id);
          break;
        }
        case 'newThread': {
          const previous = w.lease;
          w.lease = await orchestrator.newThread();
          previous.dispose();
          break;
        }
        case 'switch': {
          const list = orchestrator.store.catalog.list();
          const target = list[op.pick % Math.max(1, list.length)];
          if (target && target.id !== shown(w)) {
            const opened = await orchestrator.store.open(target.id);
            if (opened.ok) {
              const previous = w.lease;
              w.lease = opened.lease;
              previous.dispose();
            }
          }
          break;
        }
        case 'save':
          await orchestrator.store.flush();
          break;
        case 'sync':
          await w.storage.sync();
          await orchestrator.store.settled();
          break;
      }
      // Stopped turns abandon their call; forget calls whose signal was aborted.
      for (const side of windows) side.open = side.open.filter((i) => !side.chat.calls[i]?.signal.aborted);
      await settle();
    }

    // Let every reply end (each window answers what is still open), then exchange writes until nothing moves.
    for (let guard = 0; windows.some((w) => w.orchestrator.runner.busyThreadIds().length > 0); guard++) {
      if (guard > 200) throw new Error('turns did not finish');
      for (const w of windows) {
        const call = activeCall(w);
        if (call) {
          call.emit({ type: 'finish', reason: 'stop' });
          call.end();
          endCall(w);
        }
        w.open = w.open.filter((i) => !w.chat.calls[i]?.signal.aborted);
      }
      await settle();
    }
    for (let round = 0; round < 3; round++) {
      await Promise.all(windows.map((w) => w.orchestrator.store.flush()));
      for (const w of windows) {
        await w.storage.sync();
        await w.orchestrator.store.settled();
      }
    }

    // Open every listed thread on both sides and read them.
    const ids = new Set(windows.flatMap((w) => w.orchestrator.store.catalog.list().map((s) => s.id)));
    const transcripts = await Promise.all(
      windows.map(async (w) => {
        const out = new Map<string, Transcript>();
        for (const id of ids) {
          const opened = await w.orchestrator.store.open(id);
          if (!opened.ok) continue;
          const t = w.orchestrator.store.transcript(id);
          if (t) out.set(id, t);
          opened.lease.dispose();
        }
        return out;
      }),
    );
    return { transcripts: transcripts as [Map<string, Transcript>, Map<string, Transcript>], created };
  } finally {
    for (const w of windows) {
      await w.orchestrator.shutdown();
      w.lease.dispose();
      w.listener.dispose();
      w.orchestrator.dispose();
    }
  }
}
