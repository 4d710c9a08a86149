import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForChild } from '@roundtable/testkit';
import { afterAll, beforeAll } from 'vitest';

/**
 * For a test file whose children run the store worker: bundles it and makes a storage folder before the file's
 * tests, removes both after. Read `script` and `root` inside tests.
 */
export function useStoreWorker(folderPrefix: string): { script: string; root: string } {
  const worker = { script: '', root: '' };
  beforeAll(async () => {
    worker.script = await bundleForChild(join(__dirname, 'storeWorker.ts'));
    worker.root = await mkdtemp(join(tmpdir(), folderPrefix));
  });
  afterAll(async () => {
    await rm(join(worker.script, '..'), { recursive: true, force: true });
    await rm(worker.root, { recursive: true, force: true });
  });
  return worker;
}
