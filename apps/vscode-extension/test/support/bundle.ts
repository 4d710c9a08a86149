import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForChild, removeChildBundle } from '@roundtable/testkit';
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
  // Only what `beforeAll` made (either may have failed, leaving its field empty).
  afterAll(async () => {
    await removeChildBundle(worker.script);
    if (worker.root) await rm(worker.root, { recursive: true, force: true });
  });
  return worker;
}
