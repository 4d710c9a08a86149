import { createHash } from 'node:crypto';
import { mkdtemp, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { FileDigests, sha256OfFile } from './fileDigests';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function fileWith(content: string) {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-digests-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'cli-proxy-api');
  await writeFile(path, content);
  const read: string[] = [];
  const digests = new FileDigests(async (p) => {
    read.push(p);
    return sha256OfFile(p);
  });
  return { dir, path, read, digests };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('FileDigests', () => {
  test('hashes a file once, and an unchanged file is not read again', async () => {
    const { path, read, digests } = await fileWith('binary v1');
    expect(await digests.sha256(path)).toBe(sha('binary v1'));
    expect(await digests.sha256(path)).toBe(sha('binary v1'));
    expect(read).toHaveLength(1);
  });

  test('a change of size is read again', async () => {
    const { path, read, digests } = await fileWith('binary v1');
    await digests.sha256(path);
    await writeFile(path, 'binary v1 with more');
    expect(await digests.sha256(path)).toBe(sha('binary v1 with more'));
    expect(read).toHaveLength(2);
  });

  test('the same size rewritten, with its mtime set back, is read again (its ctime moved)', async () => {
    const { path, read, digests } = await fileWith('binary v1');
    const fixed = new Date(1_700_000_000_000);
    await utimes(path, fixed, fixed);
    await digests.sha256(path);
    await new Promise((resolve) => setTimeout(resolve, 20)); // a later ctime than the first write's
    await writeFile(path, 'binary v2');
    await utimes(path, fixed, fixed);
    expect((await stat(path)).mtimeMs).toBe(fixed.getTime());
    expect(await digests.sha256(path)).toBe(sha('binary v2'));
    expect(read).toHaveLength(2);
  });

  test('a change of mtime alone is read again', async () => {
    const { path, read, digests } = await fileWith('binary v1');
    await digests.sha256(path);
    await utimes(path, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
    expect(await digests.sha256(path)).toBe(sha('binary v1'));
    expect(read).toHaveLength(2);
  });

  test('another file renamed into its place (another inode) is read again', async () => {
    const { dir, path, read, digests } = await fileWith('binary v1');
    const before = await stat(path);
    await digests.sha256(path);
    const other = join(dir, 'other');
    await writeFile(other, 'binary v2');
    await utimes(other, before.atime, before.mtime);
    await rename(other, path);
    expect((await stat(path)).ino).not.toBe(before.ino);
    expect(await digests.sha256(path)).toBe(sha('binary v2'));
    expect(read).toHaveLength(2);
  });

  test('a missing file is an error, not a hash', async () => {
    const { dir, digests } = await fileWith('binary v1');
    await expect(digests.sha256(join(dir, 'nothing'))).rejects.toThrow(/ENOENT/);
  });
});
