import { describe, expect, test } from 'vitest';
import { applyFileChange, type FileChange, isRename, parseProposedChange } from './proposedChange';
import { windowsNameProblem } from './windowsNames';
import { workspacePath } from './workspacePath';

// The change a reply proposes as a unified diff, applied to the file as it is now: all hunks or none, line endings
// kept, new and deleted files, hunks that moved; and where a path may point.

const FILE = ['import x', '', 'function retry() {', '  return 3;', '}', '', 'export { retry };', ''].join('\n');

const DIFF = `--- a/src/retry.ts
+++ b/src/retry.ts
@@ -3,3 +3,3 @@
 function retry() {
-  return 3;
+  return 5;
 }
`;

function only(text: string): FileChange {
  const parsed = parseProposedChange(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  expect(parsed.files).toHaveLength(1);
  return parsed.files[0] as FileChange;
}

describe('reading a proposed change', () => {
  test('names each file, without the a/ and b/ prefixes', () => {
    const parsed = parseProposedChange(`${DIFF}--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-old\n+new\n`);
    expect(parsed.ok && parsed.files.map((f) => [f.oldPath, f.newPath])).toEqual([
      ['src/retry.ts', 'src/retry.ts'],
      ['README.md', 'README.md'],
    ]);
  });

  test('a renamed file, by git’s headers (with or without hunks) or by --- and +++ naming different paths', () => {
    const pure = parseProposedChange(
      'diff --git a/src/old.ts b/lib/new.ts\nsimilarity index 100%\nrename from src/old.ts\nrename to lib/new.ts\n',
    );
    expect(pure).toEqual({ ok: true, files: [{ oldPath: 'src/old.ts', newPath: 'lib/new.ts', hunks: [] }] });
    const edited = only(`${DIFF.replace('+++ b/src/retry.ts', '+++ b/src/retries.ts')}`);
    expect([edited.oldPath, edited.newPath, isRename(edited)]).toEqual(['src/retry.ts', 'src/retries.ts', true]);
    expect(applyFileChange(FILE, edited)).toEqual({ ok: true, text: FILE.replace('return 3', 'return 5') });
    expect(isRename(only(DIFF))).toBe(false);
    expect(isRename(only(DIFF.replace('+++ b/src/retry.ts', '+++ b/./src//retry.ts')))).toBe(false);
  });

  test('refuses a copied file, naming both paths', () => {
    expect(
      parseProposedChange('diff --git a/a.ts b/b.ts\nsimilarity index 100%\ncopy from a.ts\ncopy to b.ts\n'),
    ).toEqual({ ok: false, reason: 'a.ts → b.ts: the diff copies a file, which cannot be applied (a rename can).' });
  });

  test('refuses a block that is no diff of a file', () => {
    expect(parseProposedChange('just some text\n+ not a diff')).toEqual({
      ok: false,
      reason: 'The diff names no file with a change (it needs `--- a/path` and `+++ b/path` lines).',
    });
    expect(parseProposedChange('--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n')).toMatchObject({ ok: false });
  });
});

describe('applying it', () => {
  test('a clean hunk', () => {
    expect(applyFileChange(FILE, only(DIFF))).toEqual({ ok: true, text: FILE.replace('return 3', 'return 5') });
  });

  test('a hunk whose line numbers are off (the file moved since) is found where its lines are', () => {
    const moved = `// a header line\n// another\n${FILE}`;
    expect(applyFileChange(moved, only(DIFF))).toEqual({ ok: true, text: moved.replace('return 3', 'return 5') });
  });

  test('a hunk whose lines are not there is named, and nothing is applied, not even the hunks that would', () => {
    const two = `${DIFF.trimEnd()}\n@@ -7,1 +7,1 @@\n-export { retry };\n+export { retry as default };\n`;
    const edited = FILE.replace('return 3', 'return 4');
    expect(applyFileChange(edited, only(two))).toEqual({
      ok: false,
      failures: ['Hunk 1 (@@ -3,3 +3,3 @@): its lines are not in the file as it is now.'],
    });
    expect(applyFileChange(FILE, only(two))).toEqual({
      ok: true,
      text: FILE.replace('return 3', 'return 5').replace('export { retry };', 'export { retry as default };'),
    });
  });

  test('a CRLF file stays CRLF', () => {
    const crlf = FILE.replaceAll('\n', '\r\n');
    expect(applyFileChange(crlf, only(DIFF))).toEqual({ ok: true, text: crlf.replace('return 3', 'return 5') });
  });

  test('a new file is created, and refused when it exists already', () => {
    const created = only(
      '--- /dev/null\n+++ b/src/new.ts\n@@ -0,0 +1,2 @@\n+export const a = 1;\n+export const b = 2;\n',
    );
    expect(created).toMatchObject({ newPath: 'src/new.ts' });
    expect(created.oldPath).toBeUndefined();
    expect(applyFileChange(undefined, created)).toEqual({
      ok: true,
      text: 'export const a = 1;\nexport const b = 2;\n',
    });
    expect(applyFileChange('already here\n', created)).toEqual({
      ok: false,
      failures: ['src/new.ts already exists; the diff creates it.'],
    });
  });

  test('a deleted file is deleted only when the diff removes all of it', () => {
    const deleted = only('--- a/old.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n');
    expect(deleted.newPath).toBeUndefined();
    expect(applyFileChange('one\ntwo\n', deleted)).toEqual({ ok: true, text: undefined });
    expect(applyFileChange('one\ntwo\nthree\n', deleted)).toEqual({
      ok: false,
      failures: ['old.txt has lines the diff does not delete.'],
    });
    expect(applyFileChange(undefined, deleted)).toEqual({ ok: false, failures: ['old.txt does not exist.'] });
  });
});

describe('where a path may point', () => {
  test.each([
    ['src/retry.ts', 'src/retry.ts'],
    ['./src//retry.ts', 'src/retry.ts'],
    ['src/../lib/x.ts', 'lib/x.ts'],
    ['src\\win\\path.ts', 'src/win/path.ts'],
  ])('%s is %s in the workspace', (raw, expected) => {
    expect(workspacePath(raw)).toEqual({ ok: true, path: expected });
  });

  test.each([
    ['/etc/passwd', 'is absolute'],
    ['C:\\Windows\\system.ini', 'is absolute'],
    ['\\\\server\\share\\x', 'is absolute'],
    ['~/.ssh/config', 'is absolute'],
    ['../outside.ts', 'climbs out of the workspace'],
    ['src/../../outside.ts', 'climbs out of the workspace'],
    ['./', 'names no file'],
  ])('%s is refused: it %s', (raw, why) => {
    expect(workspacePath(raw)).toEqual({ ok: false, reason: expect.stringContaining(why) });
    expect(workspacePath(raw, windowsNameProblem)).toEqual({ ok: false, reason: expect.stringContaining(why) });
  });

  // Windows drops a name's trailing dots and spaces and keeps device names whatever the folder: what it would write
  // is not what the path says.
  test.each([
    ['src/.. /../outside.ts', 'ends in a dot or a space'],
    ['.. \\x.ts', 'ends in a dot or a space'],
    ['src/.../x.ts', 'ends in a dot or a space'],
    ['src/retry.ts.', 'ends in a dot or a space'],
    ['docs/nul.txt', 'is a device name'],
    ['CON', 'is a device name'],
    ['lib/com1.js', 'is a device name'],
    ['a/notes.txt:secret', 'has a character Windows does not allow'],
    ['a/what?.md', 'has a character Windows does not allow'],
    ['a/bell\u0007.md', 'has a character Windows does not allow'],
  ])('%s is refused on Windows: it %s', (raw, why) => {
    expect(workspacePath(raw, windowsNameProblem)).toEqual({ ok: false, reason: expect.stringContaining(why) });
  });

  test.each([
    ['src/.. /x.ts', 'src/.. /x.ts'],
    ['drivers/aux.c', 'drivers/aux.c'],
    ['a/notes.txt:secret', 'a/notes.txt:secret'],
  ])('%s is an ordinary name elsewhere', (raw, expected) => {
    expect(workspacePath(raw)).toEqual({ ok: true, path: expected });
  });

  test.each([['src/console.ts'], ['lib/com10.js'], ['.github/workflows/ci.yml'], ['a/.env']])(
    '%s is fine on Windows too',
    (raw) => {
      expect(workspacePath(raw, windowsNameProblem)).toEqual({ ok: true, path: raw });
    },
  );
});
