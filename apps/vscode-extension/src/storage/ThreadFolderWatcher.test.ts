import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type StoredThreadsChange, silentLogger } from '@roundtable/core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { saved, thread, useStorageFolder } from '../../test/support/storageFolder';
import { ThreadFolderWatcher } from './ThreadFolderWatcher';

const folder = useStorageFolder();
const watchers: ThreadFolderWatcher[] = [];
afterEach(() => {
  for (const w of watchers.splice(0)) w.dispose();
});

describe('ThreadFolderWatcher', () => {
  test('another window’s write reaches this window through the folder’s events, without polling', async () => {
    const mine = folder.repo();
    const theirs = folder.repo();
    await saved(mine, thread('t', 'first'));
    const loaded = await mine.load('t');
    if (!loaded.ok) throw new Error('not loaded');
    const changes: StoredThreadsChange[] = [];
    mine.onDidChangeStored((c) => changes.push(c));
    const watcher = new ThreadFolderWatcher(mine, silentLogger, { debounceMs: 10, pollMs: 3_600_000 });
    watchers.push(watcher);
    await watcher.start();

    const written = await theirs.save(thread('t', 'changed there'), loaded.revision);
    await vi.waitFor(() => expect(changes.some((c) => c.threadIds.includes('t'))).toBe(true), { timeout: 5_000 });
    // Their next save only appends a line to the thread's journal: that reaches this window too.
    changes.length = 0;
    await theirs.save(
      { ...thread('t', 'changed there'), title: 'changed there', updatedAt: '2026-03-01T11:00:00.000Z' },
      written.ok ? written.revision : null,
    );
    expect(await readFile(join(folder.threadsDir, 't.journal'), 'utf8')).toContain('11:00:00');
    await vi.waitFor(() => expect(changes.some((c) => c.threadIds.includes('t'))).toBe(true), { timeout: 5_000 });
    const merged = await mine.load('t');
    expect(merged.ok && merged.transcript.updatedAt).toBe('2026-03-01T11:00:00.000Z');
    await saved(theirs, thread('u', 'a new thread'));
    await vi.waitFor(() => expect(changes.at(-1)?.listChanged).toBe(true), { timeout: 5_000 });
  });
});
