import type { UnreadableThread } from '@roundtable/core/store/ports';
import type { ThreadSummary } from '@roundtable/core/transcript/schema';
import { summarize } from '@roundtable/core/transcript/summary';
import { newestFirst } from '@roundtable/core/transcript/threadList';
import { INDEX_VERSION } from './indexVersion';
import { readThreadFile } from './readThreadFile';
import type { ThreadIndexStore } from './ThreadIndexStore';
import { LEGACY_TEMP_FILE, SET_ASIDE_FILE, THREAD_FILE } from './threadFiles';
import type { TellFirst, ThreadIndexFile } from './threadIndex';
import { readWholeThread } from './threadState';

/** How many thread files a rebuild reads before it tells of the newest threads. */
const FIRST_FILES = 8;

/**
 * Reads every thread file once and writes a fresh index, the most recently written threads first; `first` hears of
 * the newest few before the rest are read, so a window's first state does not wait for the whole folder (a first
 * start after an upgrade). Call under the index lock. Part of the upkeep code, loaded when a rebuild is due.
 */
export async function rebuildIndex(store: ThreadIndexStore, why: string, first: TellFirst): Promise<ThreadIndexFile> {
  const started = Date.now();
  await store.fs.mkdir(store.folders.threads, { recursive: true });
  const threads: ThreadSummary[] = [];
  const unreadable: UnreadableThread[] = [];
  const indexOf = (): ThreadIndexFile => ({
    version: INDEX_VERSION,
    stamp: '',
    threads: [...threads].sort(newestFirst),
    // By file name, whatever order the files were read in (newest first), as every window lists them.
    unreadable: [...unreadable].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  });
  const names = await byNewestFile(store, await store.fs.readdir(store.folders.threads));
  for (const [i, name] of names.entries()) {
    if (i === FIRST_FILES) first(indexOf(), false);
    const found = await indexFile(store, name);
    if (found?.kind === 'thread') threads.push(found.summary);
    else if (found?.kind === 'unreadable') unreadable.push(found.entry);
  }
  const written = await store.write(indexOf());
  first(written, true);
  store.logger.info(
    `Rebuilt the thread index (${why}): ${threads.length} thread(s), ${unreadable.length} unreadable, in ${Date.now() - started} ms.`,
  );
  return written;
}

type Found = { kind: 'thread'; summary: ThreadSummary } | { kind: 'unreadable'; entry: UnreadableThread } | undefined;

/** What one file in the threads folder adds to an index being rebuilt (nothing, for what is not a thread). */
async function indexFile(store: ThreadIndexStore, name: string): Promise<Found> {
  const { fs } = store;
  if (LEGACY_TEMP_FILE.test(name)) {
    await fs.rm(store.pathOf(name), { force: true }); // an older build's interrupted write
    return undefined;
  }
  const aside = SET_ASIDE_FILE.exec(name);
  if (aside) {
    const file = await readThreadFile(fs, store.pathOf(name), aside[1] ?? '');
    const reason = file.kind === 'ok' || file.kind === 'missing' ? 'It was set aside as unreadable.' : file.reason;
    return { kind: 'unreadable', entry: { key: name, reason, setAside: true } };
  }
  const id = THREAD_FILE.exec(name)?.[1];
  if (!id) return undefined;
  // Whole: the base file with its journal's lines (what was saved since the base was written).
  const file = await readWholeThread(fs, store.pathOf(name), id);
  if (file.kind === 'ok') {
    store.onThreadRead(id, file.stored.revision);
    return { kind: 'thread', summary: summarize(file.stored.transcript) };
  }
  if (file.kind === 'invalid') {
    const entry = await store.setAside(name, file.reason, file.revision);
    return entry && { kind: 'unreadable', entry };
  }
  return file.kind === 'missing'
    ? undefined
    : { kind: 'unreadable', entry: { key: name, reason: file.reason, setAside: false } };
}

/**
 * Thread files, most recently written first (by name when the time ties or cannot be read). A thread was last
 * written when its base file or its journal was, whichever is later.
 */
async function byNewestFile(store: ThreadIndexStore, names: string[]): Promise<string[]> {
  const times = await Promise.all(
    names.map((name) =>
      store.fs.stat(store.pathOf(name)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  const latest = new Map<string, number>();
  for (const [i, name] of names.entries()) {
    const base = name.endsWith('.journal') ? `${name.slice(0, -'.journal'.length)}.json` : name;
    latest.set(base, Math.max(latest.get(base) ?? 0, times[i] ?? 0));
  }
  return names
    .map((name) => ({ name, time: latest.get(name) ?? 0 }))
    .sort((a, b) => b.time - a.time || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => entry.name);
}
