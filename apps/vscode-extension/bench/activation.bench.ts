import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChatViewController,
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Emitter,
  Orchestrator,
  randomIds,
  silentLogger,
  systemClock,
  turnCode,
} from '@roundtable/core';
import type { HostToWebview, SidecarStatus } from '@roundtable/core/protocol';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { writeStoredThreads } from './storedThreads';

// `pnpm bench`: from a window starting up to its view's first full state, with 0, 100 and 1,000 stored threads
// (40 messages each). What activation does with the disk: read the index, open the newest thread. Goal: at most
// 50 ms with 1,000 threads, about flat from 0 to 1,000.

const COUNTS = [0, 100, 1_000] as const;
const roots = new Map<number, string>();

beforeAll(async () => {
  for (const count of COUNTS) {
    const root = await mkdtemp(join(tmpdir(), `roundtable-bench-${count}-`));
    await writeStoredThreads(root, count);
    await new FileThreadRepository({ root, logger: silentLogger }).list(); // the index, as a previous session left it
    roots.set(count, root);
  }
});

afterAll(async () => {
  for (const root of roots.values()) await rm(root, { recursive: true, force: true });
});

/** One window start: composition as in `activate`, then the page's `view/ready`, until the first state is posted. */
async function activateToFirstState(root: string): Promise<void> {
  const repository = new FileThreadRepository({ root, logger: silentLogger });
  const orchestrator = new Orchestrator({
    turns: () => turnCode,
    repository,
    chat: async function* () {},
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: {
      ...DEFAULT_ORCHESTRATOR_SETTINGS,
      participants: [{ id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true }],
    },
  });
  void orchestrator.store.initialize();
  const sidecar = {
    current: { state: 'healthy', detail: 'ok' } as SidecarStatus,
    onDidChange: new Emitter<SidecarStatus>().event,
  };
  let first: HostToWebview | undefined;
  const view = new ChatViewController(
    {
      orchestrator,
      sidecar,
      host: {
        openLink: async () => ({ ok: true }),
        reveal: async () => ({ ok: true }),
        sidecarActions: async () => ({ ok: true }),
        signInSeat: async () => ({ ok: true }),
        resetSeat: async () => ({ ok: true }),
        insertCode: async () => ({ ok: true }),
        openCodeInNewFile: async () => ({ ok: true }),
        showPrompt: async () => ({ ok: true }),
      },
      logger: silentLogger,
    },
    (message) => {
      first ??= message;
    },
  );
  await view.receive({ v: 2, type: 'view/ready', payload: {} });
  if (first?.type !== 'view/state') throw new Error('no first state');
  view.dispose();
  orchestrator.dispose();
}

describe('activation to the first state', () => {
  for (const count of COUNTS) {
    bench(`${count.toLocaleString('en-US')} stored threads`, async () => {
      await activateToFirstState(roots.get(count) ?? '');
    });
  }
});
