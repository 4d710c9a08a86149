import { describe, expect, test } from 'vitest';
import { MAX_FOUND_FILES, MAX_PATH_CHARS } from '../limits/files';
import { rankFiles } from './rankFiles';

describe('rankFiles: which workspace paths a #query lists, best first', () => {
  test.each([
    {
      name: 'a match in the file name before one that needs the folders',
      paths: ['util/index.ts', 'src/util.ts'],
      query: 'util',
      expected: ['src/util.ts', 'util/index.ts'],
    },
    {
      name: 'the query as typed before the same letters spread out',
      paths: ['src/rxextxrxy.ts', 'src/retry.ts'],
      query: 'retry',
      expected: ['src/retry.ts', 'src/rxextxrxy.ts'],
    },
    {
      name: 'fewer pieces before more',
      paths: ['a/r-e-t-r-y.ts', 'a/ret-ry.ts'],
      query: 'retry',
      expected: ['a/ret-ry.ts', 'a/r-e-t-r-y.ts'],
    },
    {
      name: 'an earlier match before a later one',
      paths: ['src/myRetry.ts', 'src/retryPolicy.ts'],
      query: 'retry',
      expected: ['src/retryPolicy.ts', 'src/myRetry.ts'],
    },
    {
      name: 'shorter paths first, then code-unit order',
      paths: ['deep/nested/folder/plan.ts', 'b/plan.ts', 'a/plan.ts'],
      query: 'plan',
      expected: ['a/plan.ts', 'b/plan.ts', 'deep/nested/folder/plan.ts'],
    },
    {
      name: 'a subsequence in any case',
      paths: ['src/RetryPolicy.ts', 'src/other.ts'],
      query: 'rP',
      expected: ['src/RetryPolicy.ts'],
    },
    {
      name: 'a query with folders matches along the whole path',
      paths: ['src/components/Composer.tsx', 'test/Composer.tsx', 'src/models/ComposerModel.ts'],
      query: 'src/comp',
      expected: ['src/components/Composer.tsx', 'src/models/ComposerModel.ts'],
    },
    {
      name: 'letters out of order do not match',
      paths: ['src/retry.ts'],
      query: 'yrter',
      expected: [],
    },
    { name: 'an empty query lists nothing', paths: ['a.ts'], query: '', expected: [] },
  ])('$name', ({ paths, query, expected }) => {
    expect(rankFiles(paths, query)).toEqual(expected);
  });

  test(`lists at most ${MAX_FOUND_FILES} by default, or the limit given`, () => {
    const paths = Array.from({ length: 200 }, (_, i) => `src/file${i}.ts`);
    expect(rankFiles(paths, 'file')).toHaveLength(MAX_FOUND_FILES);
    expect(rankFiles(paths, 'file', 3)).toEqual(['src/file0.ts', 'src/file1.ts', 'src/file2.ts']);
  });

  test('never lists a path longer than the protocol carries', () => {
    const long = `${'d/'.repeat(MAX_PATH_CHARS / 2)}plan.ts`;
    expect(rankFiles([long, 'plan.ts'], 'plan')).toEqual(['plan.ts']);
  });

  test('ranks the same whatever order the paths come in', () => {
    const paths = ['src/plan.ts', 'plan/x.ts', 'src/planner.ts', 'lib/p-l-a-n.ts', 'a/plan.ts'];
    const ranked = rankFiles(paths, 'plan');
    expect(rankFiles([...paths].reverse(), 'plan')).toEqual(ranked);
    expect(ranked).toEqual(['a/plan.ts', 'src/plan.ts', 'src/planner.ts', 'lib/p-l-a-n.ts', 'plan/x.ts']);
  });

  test('stays fast over a large workspace', () => {
    const paths = Array.from({ length: 5_000 }, (_, i) => `packages/p${i % 40}/src/module${i}/index${i}.ts`);
    const started = performance.now();
    for (const query of ['i', 'in', 'ind', 'inde', 'index', 'index4']) rankFiles(paths, query);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
