import * as fs from 'node:fs/promises';
import { basename } from 'node:path';
import type { StorageFs } from '../../src/storage/threadFiles';

/**
 * `node:fs/promises` with a record of what was read and what was flushed, so a test can prove which files an
 * operation opened (e.g. that activation reads the index and one thread, not every thread) and that writes are
 * fsynced. Reads are `readFile` calls and `open` with flag 'r'; names are base names.
 */
export function countingFs() {
  const reads: string[] = [];
  const syncs: string[] = [];
  const wrapped: StorageFs = {
    ...fs,
    readFile: ((path: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
      reads.push(basename(String(path)));
      return (fs.readFile as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.readFile,
    open: (async (path: Parameters<typeof fs.open>[0], flags?: string | number, mode?: number) => {
      if (flags === undefined || flags === 'r') reads.push(basename(String(path)));
      const handle = await fs.open(path, flags, mode);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        syncs.push(basename(String(path)));
        await sync();
      };
      return handle;
    }) as typeof fs.open,
  };
  return { fs: wrapped, reads, syncs, reset: () => reads.splice(0) && syncs.splice(0) };
}
