import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { collectStatuses, readThreadFiles } from './threadFiles';

let dir: string;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('collectStatuses finds status fields at any depth', () => {
  const thread = {
    id: 't',
    status: 'open',
    messages: [{ status: 'complete' }, { meta: { status: 'streaming' } }, { status: 3 }],
  };
  expect(collectStatuses(thread)).toEqual(['open', 'complete', 'streaming']);
});

test('readThreadFiles parses *.json and ignores temp files and a missing folder', () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rt-threads-'));
  writeFileSync(path.join(dir, 'a.json'), '{"id":"a"}');
  writeFileSync(path.join(dir, 'a.json.tmp-123'), '{"id":');
  expect(readThreadFiles(dir).map((thread) => thread.json)).toEqual([{ id: 'a' }]);
  expect(readThreadFiles(path.join(dir, 'absent'))).toEqual([]);
});
