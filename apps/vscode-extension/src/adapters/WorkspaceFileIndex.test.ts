import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type FileSource, LIST_MAX_AGE_MS, SETTLE_MS, WorkspaceFileIndex } from './WorkspaceFileIndex';

// The `#` list's file index: the first query waits for the workspace's files, every later one is answered from
// memory at once, and the list is read again in the background after files come and go, or once it is old.

/** A workspace whose listing the test finishes, and whose watcher the test fires. */
function fakeSource(files: string[]) {
  const lists: ((paths: string[]) => void)[] = [];
  let fire = () => {};
  let watchers = 0;
  const source: FileSource = {
    list: () => new Promise((resolve) => lists.push(resolve)),
    watch: (changed) => {
      watchers += 1;
      fire = changed;
      return { dispose: () => (watchers -= 1) };
    },
  };
  return {
    source,
    /** Finishes the oldest listing in progress with the files as they are now. */
    finishList: () => lists.shift()?.([...files]),
    listings: () => lists.length,
    fire: () => fire(),
    watchers: () => watchers,
    files,
  };
}

let now = 0;
const made: WorkspaceFileIndex[] = [];
function index(source: FileSource) {
  const files = new WorkspaceFileIndex(source, () => now);
  made.push(files);
  return files;
}

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
});
afterEach(() => {
  for (const m of made.splice(0)) m.dispose();
  vi.useRealTimers();
});

describe('WorkspaceFileIndex', () => {
  test('the first query waits for the list; later ones are answered from memory, without listing again', async () => {
    const ws = fakeSource(['src/retryPolicy.ts', 'README.md']);
    const files = index(ws.source);
    const first = files.find('retry');
    const second = files.find('read'); // while the first listing runs: it shares it
    expect(ws.listings()).toBe(1);
    ws.finishList();
    expect(await first).toEqual(['src/retryPolicy.ts']);
    expect(await second).toEqual(['README.md']);
    expect(await files.find('md')).toEqual(['README.md']);
    expect(ws.listings()).toBe(0);
  });

  test('a file created is listed once the burst of changes settles; queries meanwhile get the old list', async () => {
    const ws = fakeSource(['a.ts']);
    const files = index(ws.source);
    const first = files.find('b');
    ws.finishList();
    expect(await first).toEqual([]);
    ws.files.push('b.ts');
    ws.fire();
    ws.fire(); // a burst: one listing after it settles
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(ws.listings()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ws.listings()).toBe(1);
    expect(await files.find('b')).toEqual([]); // answered at once, from the list held
    ws.finishList();
    await vi.waitFor(async () => expect(await files.find('b')).toEqual(['b.ts']));
  });

  test('an old list is read again in the background by the next query', async () => {
    const ws = fakeSource(['a.ts']);
    const files = index(ws.source);
    const first = files.find('a');
    ws.finishList();
    await first;
    now = LIST_MAX_AGE_MS;
    await files.find('a');
    expect(ws.listings()).toBe(0);
    now = LIST_MAX_AGE_MS + 1;
    ws.files.push('ab.ts');
    expect(await files.find('a')).toEqual(['a.ts']);
    expect(ws.listings()).toBe(1);
    ws.finishList();
    await vi.waitFor(async () => expect(await files.find('a')).toEqual(['a.ts', 'ab.ts']));
  });

  test('says when a read in the background found another set of files; not for the first read, nor the same set', async () => {
    const ws = fakeSource(['a.ts', 'b.ts']);
    const files = index(ws.source);
    let changes = 0;
    const listening = files.onDidChange(() => (changes += 1));
    const first = files.find('a');
    ws.finishList();
    await first;
    expect(changes).toBe(0);
    ws.files.reverse(); // the same files, listed in another order
    ws.fire();
    vi.advanceTimersByTime(SETTLE_MS);
    ws.finishList();
    await Promise.resolve(); // the listing is taken in the microtask it settles in
    expect(changes).toBe(0);
    ws.files.push('c.ts');
    ws.fire();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(ws.listings()).toBe(1); // a listing of its own: the one before is over
    ws.finishList();
    await vi.waitFor(() => expect(changes).toBe(1));
    expect(await files.find('c')).toEqual(['c.ts']);
    listening.dispose();
  });

  test('a failed first listing fails that query; the next one lists again', async () => {
    let calls = 0;
    const files = index({
      list: async () => {
        calls += 1;
        if (calls === 1) throw new Error('search is down');
        return ['a.ts'];
      },
      watch: () => ({ dispose: () => {} }),
    });
    await expect(files.find('a')).rejects.toThrow('search is down');
    expect(await files.find('a')).toEqual(['a.ts']);
  });

  test('watches from the first query only, and stops watching and waiting when disposed', async () => {
    const ws = fakeSource(['a.ts']);
    const files = index(ws.source);
    expect(ws.watchers()).toBe(0);
    const first = files.find('a');
    ws.finishList();
    await first;
    await files.find('a');
    expect(ws.watchers()).toBe(1);
    ws.fire();
    files.dispose();
    expect(ws.watchers()).toBe(0);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(ws.listings()).toBe(0);
  });
});
