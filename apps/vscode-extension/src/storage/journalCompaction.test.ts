import * as nodeFs from 'node:fs/promises';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mergeTranscripts } from '@roundtable/core';
import { RecordingLogger } from '@roundtable/core/testing';
import { describe, expect, test, vi } from 'vitest';
import { filesOf, savedOn, withReplies } from '../../test/support/journalFixtures';
import { thread, useStorageFolder } from '../../test/support/storageFolder';
import { COMPACT_MIN_BYTES } from './compactionRule';
import type { StorageFs } from './threadFiles';

const folder = useStorageFolder();

/** `node:fs/promises` whose next fresh temp file waits for `release` before it is written. */
function heldFs() {
  let held: Promise<void> | undefined;
  let release = () => {};
  let reached = () => {};
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const fs: StorageFs = {
    ...nodeFs,
    open: (async (path: string, flags?: string, mode?: number) => {
      if (flags === 'wx' && path.endsWith('.tmp') && held) {
        const wait = held;
        held = undefined;
        reached();
        await wait;
      }
      return nodeFs.open(path, flags, mode);
    }) as StorageFs['open'],
  };
  return {
    fs,
    hold: () => (held = new Promise<void>((resolve) => (release = resolve))),
    arrived,
    release: () => release(),
  };
}

/**
 * `node:fs/promises` recording, for each temp file, the most bytes it had written but not yet flushed when it was
 * flushed or closed: how long a save's own flush could wait behind it.
 */
function flushWatchingFs() {
  const mostUnflushed = new Map<string, number>();
  const fs: StorageFs = {
    ...nodeFs,
    open: (async (path: string, flags?: string, mode?: number) => {
      const handle = await nodeFs.open(path, flags, mode);
      if (!path.endsWith('.tmp')) return handle;
      let pending = 0;
      const note = () => {
        mostUnflushed.set(path, Math.max(mostUnflushed.get(path) ?? 0, pending));
        pending = 0;
      };
      const write = handle.write.bind(handle) as (...args: unknown[]) => Promise<{ bytesWritten: number }>;
      const datasync = handle.datasync.bind(handle);
      const sync = handle.sync.bind(handle);
      Object.assign(handle, {
        write: async (...args: unknown[]) => {
          const result = await write(...args);
          pending += result.bytesWritten;
          return result;
        },
        datasync: async () => {
          await datasync();
          note();
        },
        sync: async () => {
          await sync();
          note();
        },
      });
      return handle;
    }) as StorageFs['open'],
  };
  return { fs, mostUnflushed };
}

describe('compacting a journal into its base', () => {
  test('folds every line into a fresh base and empties the journal; a save on the old revision is no conflict', async () => {
    const repository = folder.repo();
    let revision = await savedOn(repository, thread('t'), null);
    for (let n = 1; n <= 3; n++) revision = await savedOn(repository, withReplies(thread('t'), n), revision);
    const before = await filesOf(folder.threadsDir, 't');
    await repository.compactNow('t');
    const after = await filesOf(folder.threadsDir, 't');
    expect(after.journal).toBe('');
    expect(after.baseInode).not.toBe(before.baseInode);
    expect(JSON.parse(await readFile(join(folder.threadsDir, 't.json'), 'utf8'))).toEqual(withReplies(thread('t'), 3));
    // The store still holds the revision from before the compaction: its next save appends, without a conflict.
    const next = await repository.save(withReplies(thread('t'), 4), revision);
    expect(next.ok).toBe(true);
    expect((await filesOf(folder.threadsDir, 't')).journal.trimEnd().split('\n')).toHaveLength(1);
    const loaded = await folder.repo().load('t');
    expect(loaded.ok && loaded.transcript).toEqual(withReplies(thread('t'), 4));
  });

  test('a crash after the new base but before the journal was emptied: replaying the lines again changes nothing', async () => {
    const repository = folder.repo();
    let revision = await savedOn(repository, thread('t'), null);
    for (let n = 1; n <= 3; n++) revision = await savedOn(repository, withReplies(thread('t'), n), revision);
    const journal = join(folder.threadsDir, 't.journal');
    const lines = await readFile(journal, 'utf8');
    await repository.compactNow('t');
    await writeFile(journal, lines); // as if the crash came between the rename and the emptying
    const logger = new RecordingLogger();
    const reader = folder.repo({ logger });
    const loaded = await reader.load('t');
    expect(loaded.ok && loaded.transcript).toEqual(withReplies(thread('t'), 3));
    expect(logger.lines).toEqual([]);
    // And the thread goes on from there: a save appends, and the next compaction folds it all once.
    await savedOn(reader, withReplies(thread('t'), 4), loaded.ok ? loaded.revision : '');
    await reader.compactNow('t');
    expect(JSON.parse(await readFile(join(folder.threadsDir, 't.json'), 'utf8'))).toEqual(withReplies(thread('t'), 4));
  });

  test('lines another window appends while the base is being written are carried over, not lost', async () => {
    const held = heldFs();
    const compacting = folder.repo({ fs: held.fs });
    const other = folder.repo();
    let revision = await savedOn(compacting, thread('t'), null);
    revision = await savedOn(compacting, withReplies(thread('t'), 1), revision);
    const theirs = await other.load('t');
    if (!theirs.ok) throw new Error('not loaded');
    held.hold();
    const compaction = compacting.compactNow('t');
    await held.arrived; // the fresh base is about to be written: the other window appends now
    const fromOther = withReplies(withReplies(thread('t'), 1), 1, 'o');
    await savedOn(other, fromOther, theirs.revision);
    held.release();
    await compaction;
    const files = await filesOf(folder.threadsDir, 't');
    expect(JSON.parse(await readFile(join(folder.threadsDir, 't.json'), 'utf8'))).toEqual(withReplies(thread('t'), 1));
    expect(
      files.journal
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).thread.messages[0].id),
    ).toEqual(['t-o3']);
    const loaded = await folder.repo().load('t');
    expect(loaded.ok && loaded.transcript).toEqual(fromOther);
    // The compacting window did not know that line: its next save meets it as a conflict, merges, and keeps both.
    const mine = withReplies(withReplies(thread('t'), 1), 1, 'm');
    const conflict = await compacting.save(mine, revision);
    if (conflict.ok || conflict.kind !== 'conflict') throw new Error('expected a conflict');
    await savedOn(compacting, mergeTranscripts(mine, conflict.current), conflict.revision);
    const both = await folder.repo().load('t');
    expect(both.ok && both.transcript).toEqual(mergeTranscripts(mine, fromOther));
    expect(both.ok && both.transcript.messages).toHaveLength(5);
  });

  test('lines this window appends while the base is being written: its next save appends, it does not rewrite the thread', async () => {
    const held = heldFs();
    const repository = folder.repo({ fs: held.fs });
    let revision = await savedOn(repository, thread('t'), null);
    revision = await savedOn(repository, withReplies(thread('t'), 1), revision);
    held.hold();
    const compaction = repository.compactNow('t');
    await held.arrived; // the fresh base is about to be written: a reply completes now
    revision = await savedOn(repository, withReplies(thread('t'), 2), revision);
    held.release();
    await compaction;
    const compacted = await filesOf(folder.threadsDir, 't');
    expect(compacted.journal.trimEnd().split('\n')).toHaveLength(1); // the line carried over
    // What this window wrote is all it knows of: the next save costs one line, not the whole thread.
    await savedOn(repository, withReplies(thread('t'), 3), revision);
    const after = await filesOf(folder.threadsDir, 't');
    expect(after.baseInode).toBe(compacted.baseInode);
    expect(after.journal.trimEnd().split('\n')).toHaveLength(2);
    const loaded = await folder.repo().load('t');
    expect(loaded.ok && loaded.transcript).toEqual(withReplies(thread('t'), 3));
  });

  test('two windows appending to one journal: each save is based on the other’s, and replay keeps both', async () => {
    const a = folder.repo();
    const b = folder.repo();
    const first = await savedOn(a, thread('t'), null);
    const seen = await b.load('t');
    if (!seen.ok) throw new Error('not loaded');
    const fromA = withReplies(thread('t'), 1, 'a');
    await savedOn(a, fromA, first);
    const fromB = withReplies(thread('t'), 1, 'b');
    const stale = await b.save(fromB, seen.revision);
    if (stale.ok || stale.kind !== 'conflict') throw new Error('expected a conflict');
    expect(stale.current).toEqual(fromA);
    await savedOn(b, mergeTranscripts(fromB, stale.current), stale.revision);
    const { journal } = await filesOf(folder.threadsDir, 't');
    expect(journal.trimEnd().split('\n')).toHaveLength(2);
    const loaded = await folder.repo().load('t');
    expect(loaded.ok && loaded.transcript).toEqual(mergeTranscripts(fromA, fromB));
  });

  test('a large base is flushed a slice at a time, so a save never waits behind megabytes of it', async () => {
    const watching = flushWatchingFs();
    const repository = folder.repo({ fs: watching.fs });
    const big = withReplies(thread('t'), 600);
    for (const m of big.messages) m.content = `${m.content} ${'y'.repeat(8_000)}`; // about 5 MB
    let revision = await savedOn(repository, thread('t'), null);
    revision = await savedOn(repository, big, revision);
    watching.mostUnflushed.clear();
    await repository.compactNow('t');
    const flushed = [...watching.mostUnflushed.values()];
    expect(flushed.length).toBeGreaterThan(0); // the fresh base was written through a temp file
    expect(Math.max(...flushed)).toBeLessThanOrEqual(1024 * 1024);
    expect(JSON.parse(await readFile(join(folder.threadsDir, 't.json'), 'utf8'))).toEqual(big);
  });

  test('a journal that grows past a quarter of its base is compacted by itself, soon', async () => {
    const repository = folder.repo();
    let t = thread('t');
    let revision = await savedOn(repository, t, null);
    const long = 'x'.repeat(8_000);
    while ((await filesOf(folder.threadsDir, 't')).journal.length < COMPACT_MIN_BYTES) {
      const next = withReplies(t, 1);
      const added = next.messages.at(-1);
      if (added) added.content = long;
      t = next;
      revision = await savedOn(repository, t, revision);
    }
    await vi.waitFor(async () => expect((await filesOf(folder.threadsDir, 't')).journal).toBe(''), { timeout: 5_000 });
    expect(JSON.parse(await readFile(join(folder.threadsDir, 't.json'), 'utf8'))).toEqual(t);
  });
});
