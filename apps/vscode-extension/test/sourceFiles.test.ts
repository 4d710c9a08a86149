import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Small files, each about one thing: no source file of the repository (code, tests, stylesheets, scripts) is over
// 300 lines. Data (JSON, recorded fixtures, golden prompts, mutation reports) and documents are not source.

const MAX_LINES = 300;
const root = join(import.meta.dirname, '../../..');

describe('source files', () => {
  it(`are each ${MAX_LINES} lines at most`, () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((name) => /\.(tsx?|mts|mjs|cjs|css|sh)$/.test(name) && !/(^|\/)(fixtures|mutation)\//.test(name))
      // A file deleted in the work tree and not yet committed is gone.
      .filter((name) => existsSync(join(root, name)));
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
