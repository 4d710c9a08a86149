import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { bundleForChild, removeChildBundle } from './bundleForChild';

let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('removes the folder it bundled into, and nothing when there is no script', async () => {
  scratch = await mkdtemp(join(tmpdir(), 'roundtable-bundle-test-'));
  const entry = join(scratch, 'child.ts');
  await writeFile(entry, 'export const answer: number = 42;\n');
  const script = await bundleForChild(entry);
  await expect(stat(script)).resolves.toBeTruthy();
  await removeChildBundle(script);
  await expect(stat(dirname(script))).rejects.toMatchObject({ code: 'ENOENT' });
  // A `beforeAll` whose bundling failed leaves its path empty: the working folder's parent must survive.
  await removeChildBundle('');
  await removeChildBundle(undefined);
  await expect(stat(scratch)).resolves.toBeTruthy();
});

test('refuses to remove a folder it did not make', async () => {
  scratch = await mkdtemp(join(tmpdir(), 'roundtable-bundle-test-'));
  await expect(removeChildBundle(join(scratch, 'child.cjs'))).rejects.toThrow(/not a folder bundleForChild made/);
  await expect(stat(scratch)).resolves.toBeTruthy();
});

test('a child that imports the testkit runs: nothing in its index needs what a CommonJS bundle lacks', async () => {
  scratch = await mkdtemp(join(tmpdir(), 'roundtable-bundle-test-'));
  const entry = join(scratch, 'child.ts');
  const index = join(import.meta.dirname, 'index.ts');
  await writeFile(entry, `import { freePort } from ${JSON.stringify(index)};\nconsole.log(typeof freePort);\n`);
  const script = await bundleForChild(entry);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script]);
    expect(stdout.trim()).toBe('function');
  } finally {
    await removeChildBundle(script);
  }
});
