import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { fake } from '../../test/support/fakeVscodeWorkspace';
import { applyProposedChange, reviewProposedChange } from './proposedChanges';

// Apply and Review change on real files, through VS Code's API as a fake that keeps documents with versions and
// applies workspace edits in order. Apply's guards: a block that is a part of the file it names does not replace it
// (Insert at Cursor and Review change are offered); a file typed in between reading and writing is not written; a
// renamed file is moved and changed in one edit, both its paths checked.

vi.mock('vscode', () => import('../../test/support/fakeVscodeWorkspace'));

/** A TypeScript file of 400 lines and more: imports, `functions` functions, an export. */
function sourceFile(functions = 80, tries = 3): string {
  const lines = ["import { join } from 'node:path';", ''];
  for (let i = 0; i < functions; i++) lines.push(`export function step${i}() {`, `  return ${tries};`, '}', '', '');
  return `${[...lines, 'export default step0;'].join('\n')}\n`;
}

const FILE = sourceFile();
const SNIPPET = '// steps.ts\nexport function step7() {\n  return 5;\n}\n';
const diff = (from: string, to: string, body = '@@ -1 +1 @@\n-one\n+two\n') => `--- a/${from}\n+++ b/${to}\n${body}`;

let root: string;
const at = (path: string) => join(root, path);
const onDisk = (path: string) => readFile(at(path), 'utf8').catch(() => undefined);
const documentAt = (path: string) => fake.documents.get(`file:${at(path)}`);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt-apply-'));
  fake.reset(root);
  await writeFile(at('steps.ts'), FILE);
  await writeFile(at('one.ts'), 'one\n');
  await writeFile(at('two.ts'), 'one\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('a block naming its file', () => {
  test('a part of the file is not written over it: Apply says why and offers Insert at Cursor and Review', async () => {
    expect(await applyProposedChange({ info: 'ts', code: SNIPPET })).toEqual({
      ok: false,
      reason:
        'steps.ts was not replaced: the block looks like a part of it, not the whole file (it has 3 lines where the ' +
        'file has 403). Select what it replaces and Insert at Cursor, or Review it.',
      action: { kind: 'insertOrReview' },
    });
    expect(fake.edits).toEqual([]);
    expect(await onDisk('steps.ts')).toBe(FILE);
    expect(documentAt('steps.ts')?.getText()).toBe(FILE);
  });

  test('one that marks code as left out is a part, however long', async () => {
    const marked = `// steps.ts\n${sourceFile(79, 5)}// ... rest unchanged\n`;
    expect(await applyProposedChange({ info: 'ts', code: marked })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('(it marks code as left out: “// ... rest unchanged”)'),
    });
    expect(fake.edits).toEqual([]);
  });

  test('Review shows a part beside the file, titled as a part', async () => {
    expect(await reviewProposedChange({ info: 'ts', code: SNIPPET })).toEqual({ ok: true });
    expect(fake.diffs).toEqual([
      { left: at('steps.ts'), right: SNIPPET.replace('// steps.ts\n', ''), title: 'steps.ts ↔ proposed part' },
    ]);
  });

  test('the whole file rewritten replaces it, unsaved; a new file is created', async () => {
    const rewrite = sourceFile(80, 5);
    expect(await applyProposedChange({ info: 'ts steps.ts', code: rewrite })).toEqual({
      ok: true,
      notice: 'Applied to steps.ts: review, then save (Undo reverts it).',
    });
    expect(documentAt('steps.ts')?.getText()).toBe(rewrite);
    expect(await onDisk('steps.ts')).toBe(FILE);
    expect(await applyProposedChange({ info: 'ts', code: `// lib/new.ts\n${SNIPPET}` })).toMatchObject({ ok: true });
    expect(documentAt('lib/new.ts')?.getText()).toBe(SNIPPET);
  });
});

describe('a file typed in between reading it and writing it', () => {
  const twoFiles = `${diff('one.ts', 'one.ts')}${diff('two.ts', 'two.ts')}`;

  test('is not written, nor is any other file of the change', async () => {
    // The user types in one.ts (read first) while two.ts is being read.
    fake.meanwhile = (uri) => {
      if (uri.path === at('two.ts')) documentAt('one.ts')?.type('typed\n');
    };
    expect(await applyProposedChange({ info: 'diff', code: twoFiles })).toEqual({
      ok: false,
      reason:
        'one.ts changed while the change was being applied, so nothing was written. Apply again to apply it to the ' +
        'file as it is now.',
    });
    expect(fake.edits).toEqual([]);
    expect(documentAt('one.ts')?.getText()).toBe('one\ntyped\n');
    expect(documentAt('two.ts')?.getText()).toBe('one\n');
  });

  test('with nothing typed, every file is changed in one edit', async () => {
    expect(await applyProposedChange({ info: 'diff', code: twoFiles })).toMatchObject({ ok: true });
    expect(fake.edits).toHaveLength(1);
    expect([documentAt('one.ts')?.getText(), documentAt('two.ts')?.getText()]).toEqual(['two\n', 'two\n']);
  });
});

describe('a renamed file', () => {
  test('is moved and changed at its new path in one edit, left unsaved there', async () => {
    expect(await applyProposedChange({ info: 'diff', code: diff('one.ts', 'lib/uno.ts') })).toEqual({
      ok: true,
      notice: 'Applied to one.ts → lib/uno.ts: review, then save (Undo reverts it).',
    });
    expect(fake.edits.map((ops) => ops.map((op) => op.kind))).toEqual([['rename', 'replace']]);
    expect(await onDisk('one.ts')).toBeUndefined();
    expect(await onDisk('lib/uno.ts')).toBe('one\n');
    expect(documentAt('lib/uno.ts')?.getText()).toBe('two\n');
    expect(fake.shown).toEqual([`file:${at('lib/uno.ts')}`]);
  });

  test('by git’s headers alone, it is only moved', async () => {
    const git = 'diff --git a/one.ts b/uno.ts\nsimilarity index 100%\nrename from one.ts\nrename to uno.ts\n';
    expect(await applyProposedChange({ info: 'diff', code: git })).toMatchObject({ ok: true });
    expect(fake.edits.map((ops) => ops.map((op) => op.kind))).toEqual([['rename']]);
    expect(await onDisk('uno.ts')).toBe('one\n');
  });

  test('Review shows the old file beside the new one', async () => {
    expect(await reviewProposedChange({ info: 'diff', code: diff('one.ts', 'uno.ts') })).toEqual({ ok: true });
    expect(fake.diffs).toEqual([{ left: at('one.ts'), right: 'two\n', title: 'one.ts → uno.ts ↔ proposed change' }]);
  });

  test.each([
    ['onto a file that exists', diff('one.ts', 'two.ts'), 'two.ts already exists; the diff renames one.ts to it.'],
    ['from outside the workspace', diff('../one.ts', 'uno.ts'), '../one.ts climbs out of the workspace.'],
    ['to outside the workspace', diff('one.ts', '../uno.ts'), '../uno.ts climbs out of the workspace.'],
    ['from a file that does not exist', diff('gone.ts', 'uno.ts'), 'uno.ts: gone.ts does not exist.'],
  ])('is refused %s, and nothing is written', async (_, code, why) => {
    expect(await applyProposedChange({ info: 'diff', code })).toEqual({
      ok: false,
      reason: `The change does not apply, so nothing was written. ${why}`,
    });
    expect(fake.edits).toEqual([]);
    expect([await onDisk('one.ts'), await onDisk('two.ts')]).toEqual(['one\n', 'one\n']);
  });

  test('typed in while its new path is looked up, it is not moved', async () => {
    fake.meanwhile = (uri) => {
      if (uri.path === at('uno.ts')) documentAt('one.ts')?.type('typed\n');
    };
    expect(await applyProposedChange({ info: 'diff', code: diff('one.ts', 'uno.ts') })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('one.ts changed while the change was being applied, so nothing was written.'),
    });
    expect(fake.edits).toEqual([]);
    expect(await onDisk('uno.ts')).toBeUndefined();
  });
});

describe('a diff', () => {
  test('a copied file is refused, saying why', async () => {
    await mkdir(at('lib'), { recursive: true });
    const copy = 'diff --git a/one.ts b/lib/one.ts\nsimilarity index 100%\ncopy from one.ts\ncopy to lib/one.ts\n';
    expect(await applyProposedChange({ info: 'diff', code: copy })).toEqual({
      ok: false,
      reason: 'one.ts → lib/one.ts: the diff copies a file, which cannot be applied (a rename can).',
    });
  });
});
