import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFiles, repositoryRoot as root } from './support/repositoryFiles';

// Small files, each about one thing: no source file of the repository (code, tests, stylesheets, scripts) is over
// 300 lines. Data (JSON, recorded fixtures, golden prompts, mutation reports) and documents are not source.

const MAX_LINES = 300;

describe('source files', () => {
  it(`are each ${MAX_LINES} lines at most`, () => {
    const tracked = repositoryFiles().filter(
      (name) => /\.(tsx?|mts|mjs|cjs|css|sh)$/.test(name) && !/(^|\/)(fixtures|mutation)\//.test(name),
    );
    expect(tracked.length).toBeGreaterThan(200);
    const long = tracked
      .map((file) => ({ file, lines: lineCount(readFileSync(join(root, file), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

/** Lines as an editor numbers them: a final newline ends the last line, it does not start another. */
function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
