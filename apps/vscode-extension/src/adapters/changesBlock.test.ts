import * as path from 'node:path';
import { MAX_CONTEXT_BLOCK_CHARS } from '@roundtable/core/protocol';
import { describe, expect, test } from 'vitest';
import { type Changes, changesBlock as cappedAt, newFileDiff, repositoryPlace, splitByFile } from './changesBlock';

/** At the pending context's limit, as the command calls it, unless a test sets a smaller one. */
const changesBlock = (changes: Changes, max = MAX_CONTEXT_BLOCK_CHARS) => cappedAt(changes, max);

const fileDiff = (name: string, body = '-old\n+new\n') =>
  `diff --git a/${name} b/${name}\nindex 1111111..2222222 100644\n--- a/${name}\n+++ b/${name}\n@@ -1 +1 @@\n${body}`;

describe('the working tree’s changes as a context block', () => {
  test('is the diff as git gave it, tagged with the repository’s place and which changes', () => {
    const diff = fileDiff('src/a.ts') + fileDiff('src/b.ts');
    expect(changesBlock({ place: '.', scope: 'unstaged', diff, untracked: [] })).toEqual({
      kind: 'changes',
      path: '.',
      scope: 'unstaged',
      content: diff,
      language: 'diff',
    });
  });

  test('is nothing when there are no changes and no untracked files', () => {
    expect(changesBlock({ place: '.', scope: 'staged', diff: '', untracked: [] })).toBeUndefined();
    expect(changesBlock({ place: 'app', scope: 'all', diff: '\n', untracked: [] })).toBeUndefined();
  });

  test('shows an untracked file it read as a new file, and names the ones it did not read', () => {
    const block = changesBlock({
      place: 'app',
      scope: 'all',
      diff: fileDiff('a.ts'),
      untracked: [{ path: 'notes.md', text: 'one\ntwo\n' }, { path: 'logo.png' }, { path: 'big.log' }],
    });
    expect(block?.content).toBe(
      `${fileDiff('a.ts')}diff --git a/notes.md b/notes.md\nnew file mode 100644\n--- /dev/null\n+++ b/notes.md\n` +
        '@@ -0,0 +1,2 @@\n+one\n+two\n' +
        'Untracked, not shown: logo.png, big.log\n',
    );
  });

  test('untracked files alone are changes worth adding', () => {
    const block = changesBlock({ place: '.', scope: 'unstaged', diff: '', untracked: [{ path: 'todo.txt' }] });
    expect(block?.content).toBe('Untracked, not shown: todo.txt\n');
  });

  test('over the cap, keeps whole files, skips the ones too long for what is left, and names them', () => {
    const small = (n: number) => fileDiff(`src/f${n}.ts`);
    const huge = fileDiff('pnpm-lock.yaml', '+x\n'.repeat(3_000));
    const diff = small(1) + huge + small(2) + fileDiff('dist/bundle.js', '+y\n'.repeat(2_000)) + small(3);
    const max = 5_000;
    const block = changesBlock({ place: '.', scope: 'unstaged', diff, untracked: [] }, max);
    const content = block?.content ?? '';
    expect(content.length).toBeLessThanOrEqual(max);
    expect(content).toBe(
      `${small(1)}${small(2)}${small(3)}… 2 more files' changes left out: pnpm-lock.yaml, dist/bundle.js\n`,
    );
  });

  test('says one file’s changes in the singular', () => {
    const diff = fileDiff('small.ts') + fileDiff('big.ts', '+z\n'.repeat(2_000));
    expect(changesBlock({ place: '.', scope: 'unstaged', diff, untracked: [] }, 3_000)?.content).toBe(
      `${fileDiff('small.ts')}… 1 more file's changes left out: big.ts\n`,
    );
  });

  test('a single file over the cap is cut after its last hunk that fits, never mid-line', () => {
    const hunk = (n: number) => `@@ -${n},2 +${n},2 @@\n-${'a'.repeat(60)}\n+${'b'.repeat(60)}\n`;
    const header = 'diff --git a/big.ts b/big.ts\n--- a/big.ts\n+++ b/big.ts\n';
    const diff = header + Array.from({ length: 100 }, (_, i) => hunk(i * 10 + 1)).join('');
    const block = changesBlock({ place: '.', scope: 'staged', diff, untracked: [] }, 4_000);
    const content = block?.content ?? '';
    expect(content.length).toBeLessThanOrEqual(4_000);
    expect(content.startsWith(header + hunk(1))).toBe(true);
    expect(content).toMatch(/\n\+b{60}\n… the rest of big\.ts's changes left out\n$/);
  });

  test('one hunk too long for the block is cut at a line end', () => {
    const diff = `diff --git a/log.txt b/log.txt\n--- a/log.txt\n+++ b/log.txt\n@@ -1 +1,500 @@\n${'+line\n'.repeat(500)}`;
    const content = changesBlock({ place: '.', scope: 'unstaged', diff, untracked: [] }, 2_500)?.content ?? '';
    expect(content.length).toBeLessThanOrEqual(2_500);
    expect(content).toMatch(/^diff --git a\/log\.txt[\s\S]*\n\+line\n… the rest of log\.txt's changes left out\n$/);
  });

  test('a long list of untracked files is named up to a limit, then counted', () => {
    const untracked = Array.from({ length: 500 }, (_, i) => ({ path: `generated/file-${i}.bin` }));
    const content = changesBlock({ place: '.', scope: 'unstaged', diff: '', untracked })?.content ?? '';
    expect(content.length).toBeLessThan(1_000);
    expect(content).toMatch(/^Untracked, not shown: generated\/file-0\.bin, .* and 4\d\d more\n$/);
  });
});

describe('a diff split by file', () => {
  test('names each section by its new path: an edit, a rename, a deletion, a binary file', () => {
    const diff = [
      fileDiff('kept.ts'),
      'diff --git a/old name.ts b/new name.ts\nsimilarity index 100%\nrename from old name.ts\nrename to new name.ts\n',
      'diff --git a/gone.ts b/gone.ts\ndeleted file mode 100644\n--- a/gone.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n',
      'diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ',
    ].join('');
    expect(splitByFile(diff).map((piece) => piece.name)).toEqual(['kept.ts', 'new name.ts', 'gone.ts', 'logo.png']);
    expect(splitByFile(diff).at(-1)?.text.endsWith('differ\n')).toBe(true);
  });
});

describe('an untracked file as a new-file diff', () => {
  test('marks a missing final newline and writes a one-line range as git does', () => {
    expect(newFileDiff('a.txt', 'only')).toBe(
      'diff --git a/a.txt b/a.txt\nnew file mode 100644\n--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+only\n\\ No newline at end of file\n',
    );
  });

  test('keeps a CRLF file’s carriage returns, and an empty file is its header alone', () => {
    expect(newFileDiff('w.txt', 'a\r\nb\r\n')).toContain('@@ -0,0 +1,2 @@\n+a\r\n+b\r\n');
    expect(newFileDiff('empty.txt', '')).toBe('diff --git a/empty.txt b/empty.txt\nnew file mode 100644\n');
  });
});

describe('where a repository is, relative to the workspace', () => {
  test.each([
    { name: 'the workspace folder itself', folders: ['/w/app'], root: '/w/app', place: '.' },
    { name: 'a folder inside it', folders: ['/w/app'], root: '/w/app/packages/core', place: 'packages/core' },
    { name: 'a repository holding the workspace', folders: ['/w/app/web'], root: '/w/app', place: '..' },
    { name: 'two levels up', folders: ['/w/app/web/src'], root: '/w/app', place: '../..' },
    { name: 'the second folder of several', folders: ['/w/a', '/w/b'], root: '/w/b/lib', place: 'lib' },
    { name: 'a repository elsewhere', folders: ['/w/app'], root: '/home/me/other', place: undefined },
    { name: 'a sibling that only shares a prefix', folders: ['/w/app'], root: '/w/app2', place: undefined },
    { name: 'no workspace folder', folders: [], root: '/w/app', place: undefined },
  ])('$name', ({ folders, root, place }) => {
    expect(repositoryPlace(folders, root)).toBe(place);
  });

  test.each([
    { name: 'a folder inside it', folders: ['C:\\w\\app'], root: 'C:\\w\\app\\packages\\core', place: 'packages/core' },
    { name: 'two levels up', folders: ['C:\\w\\app\\web\\src'], root: 'C:\\w\\app', place: '../..' },
    { name: 'the same folder in another case', folders: ['c:\\W\\App'], root: 'C:\\w\\app\\lib', place: 'lib' },
    { name: 'another drive', folders: ['C:\\w\\app'], root: 'D:\\w\\app', place: undefined },
    { name: 'a share', folders: ['C:\\w\\app'], root: '\\\\server\\share\\app', place: undefined },
  ])('on Windows: $name', ({ folders, root, place }) => {
    expect(repositoryPlace(folders, root, path.win32)).toBe(place);
  });
});
