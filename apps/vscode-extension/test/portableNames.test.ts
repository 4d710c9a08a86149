import { describe, expect, test } from 'vitest';
import { portabilityProblems } from './support/portableNames';
import { repositoryFiles } from './support/repositoryFiles';

// A clone, and the installed extension, must have every file on macOS and Windows as on Linux: no name that
// Windows refuses, and no two names that a case-insensitive (or, on macOS, normalising) file system takes as one.

describe('names that work on every system', () => {
  test('every file of the repository', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(500);
    expect(portabilityProblems(files)).toEqual([]);
  });

  test.each([
    { name: 'two files differing only in case', paths: ['src/DeferredManaged.ts', 'src/deferredManaged.ts'] },
    { name: 'two folders differing only in case', paths: ['Docs/a.md', 'docs/b.md'] },
    { name: 'one name in both Unicode forms', paths: ['caf\u00e9.md', 'cafe\u0301.md'] },
    { name: 'a device name with an extension', paths: ['src/aux.ts'] },
    { name: 'a colon', paths: ['notes/a:b.md'] },
    { name: 'a folder ending in a dot', paths: ['build./out.js'] },
  ])('$name is refused', ({ paths }) => {
    expect(portabilityProblems(paths)).toHaveLength(1);
  });

  test('names that differ otherwise, and the same path listed twice, pass', () => {
    expect(portabilityProblems(['src/a.ts', 'src/a.ts', 'src/b.ts', 'src/auxiliary.ts', 'SRC.md'])).toEqual([]);
  });
});
