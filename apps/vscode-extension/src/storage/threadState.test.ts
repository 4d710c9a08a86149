import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { savedOn, withReplies } from '../../test/support/journalFixtures';
import { thread, useStorageFolder } from '../../test/support/storageFolder';
import type { StorageFs } from './threadFiles';
import { readWholeThread } from './threadState';

// A read and a compaction in another process race: the reader opens the old base, the compaction renames a fresh
// base over it and empties the journal, the reader reads the emptied journal. What it returns must still hold every
// saved message (the read notices the base moved and reads again), never the old base without its lines.

const folder = useStorageFolder();

/** `node:fs/promises` that runs `between` once, right after the first time the journal is opened to be read. */
function racingFs(between: () => Promise<void>): StorageFs {
  let raced = false;
  return {
    ...fs,
    open: (async (path: string, flags?: string | number, mode?: number) => {
      const handle = await fs.open(path, flags, mode);
      if (!raced && String(path).endsWith('.journal') && (flags === undefined || flags === 'r')) {
        raced = true;
        await handle.close();
        await between();
        return fs.open(path, flags, mode);
      }
      return handle;
    }) as typeof fs.open,
  };
}

describe('readWholeThread while the thread is compacted', () => {
  test('a base replaced and its journal emptied between the two reads: every message is still read', async () => {
    const repository = folder.repo();
    const first = await savedOn(repository, thread('t'), null);
    await savedOn(repository, withReplies(thread('t'), 2), first); // two replies in the journal
    const path = join(folder.threadsDir, 't.json');
    const whole = withReplies(thread('t'), 2);
    // What a compaction does: a fresh base holding everything, renamed into place, then the journal emptied.
    const compact = async () => {
      const fresh = join(folder.root, 'fresh.json');
      await fs.writeFile(fresh, JSON.stringify(whole));
      await fs.rename(fresh, path);
      await fs.truncate(join(folder.threadsDir, 't.journal'), 0);
    };
    const read = await readWholeThread(racingFs(compact), path, 't');
    expect(read.kind === 'ok' && read.stored.transcript).toEqual(whole);
  });
});
