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

test("readThreadFiles applies a thread's journal: changed messages replaced, new ones added, a torn last line ignored", () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rt-threads-'));
  const base = { id: 'a', title: 'Q', messages: [{ id: 'q', status: 'complete' }] };
  writeFileSync(path.join(dir, 'a.json'), JSON.stringify(base));
  const lines = [
    { journal: 1, thread: { id: 'a', title: 'Q', messages: [{ id: 'r', status: 'error' }] } },
    { journal: 1, thread: { id: 'a', title: 'Renamed', messages: [{ id: 'r', status: 'complete' }] } },
  ];
  writeFileSync(path.join(dir, 'a.journal'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"journal":1,"thr`);
  const [thread] = readThreadFiles(dir);
  expect(thread?.json).toEqual({
    id: 'a',
    title: 'Renamed',
    messages: [
      { id: 'q', status: 'complete' },
      { id: 'r', status: 'complete' },
    ],
    plans: [],
  });
  expect(thread?.text).toContain('Renamed');
});
