import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParticipantConfig, Transcript } from '@roundtable/core';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { fake } from '../../test/support/fakeVscodeWorkspace';
import { compareProposedChanges } from './compareProposals';

// Compare proposals applies each side to the file as it is now, as Apply would: a side that is a part of the file it
// names is refused with why; a side that renames the file starts from the file's old path.

vi.mock('vscode', () => import('../../test/support/fakeVscodeWorkspace'));

const FILE = `${Array.from({ length: 40 }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`;
const participants = [
  { id: 'claude', displayName: 'Claude' },
  { id: 'gpt', displayName: 'GPT' },
] as ParticipantConfig[];
const reply = (id: string, speaker: string, content: string) => ({
  id,
  role: 'assistant',
  speaker,
  status: 'complete',
  content,
  createdAt: 0,
});
const thread = (...messages: ReturnType<typeof reply>[]) => ({ messages }) as unknown as Transcript;
const mine = '```diff\n--- a/v.ts\n+++ b/v.ts\n@@ -1 +1 @@\n-export const v0 = 0;\n+export const v0 = 10;\n```\n';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt-compare-'));
  fake.reset(root);
  await writeFile(join(root, 'v.ts'), FILE);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('Compare proposals', () => {
  test('a side that is a part of the file is refused with why, and nothing is shown', async () => {
    const part = '```ts\n// v.ts\nexport const v0 = 20;\n```\n';
    const result = await compareProposedChanges(
      { info: 'diff', code: mine.slice(8, -4), messageId: 'c1' },
      thread(reply('c1', 'claude', mine), reply('g1', 'gpt', part)),
      participants,
    );
    expect(result).toEqual({
      ok: false,
      reason:
        'GPT’s proposal does not apply to the file as it is now, so they cannot be compared. v.ts: the block looks ' +
        'like a part of the file, not all of it (it has 1 line where the file has 40).',
    });
    expect(fake.diffs).toEqual([]);
  });

  test('a side that renames the file to the compared path starts from its old path', async () => {
    await writeFile(join(root, 'old.ts'), 'export const v0 = 0;\n');
    const renamed =
      '```diff\n--- a/old.ts\n+++ b/w.ts\n@@ -1 +1 @@\n-export const v0 = 0;\n+export const v0 = 30;\n```\n';
    const created = '```ts\n// w.ts\nexport const v0 = 40;\n```\n';
    const result = await compareProposedChanges(
      { info: 'ts', code: '// w.ts\nexport const v0 = 40;\n', messageId: 'c1' },
      thread(reply('c1', 'claude', created), reply('g1', 'gpt', renamed)),
      participants,
    );
    expect(result).toEqual({ ok: true });
    expect(fake.diffs).toEqual([
      {
        left: 'export const v0 = 40;\n',
        right: 'export const v0 = 30;\n',
        title: 'w.ts: Claude’s proposal ↔ GPT’s proposal',
      },
    ]);
  });
});
