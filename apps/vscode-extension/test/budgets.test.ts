import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { host, webview } from '../../../budgets';
import { checkSide, describeRows, figuresOf } from '../../../size/checkBudgets';
import { readChunkGraph } from '../../../size/readChunkGraph';

// The budget table (`budgets.ts`, at the repository's root) against the builds: every moment a user waits for and
// every lazy feature within its bytes, every `import()` target with a line, no module in two chunks. Prints each
// figure and its change from the last build measured here. Runs after `pnpm package` (turbo orders it).

const LAST = join(import.meta.dirname, '../node_modules/.cache/roundtable-budgets.json');

function lastFigures(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(LAST, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

describe('the budget table', () => {
  test('the host’s build keeps every moment and feature within its budget, and no module twice', () => {
    const dist = join(import.meta.dirname, '../dist');
    const report = checkSide('host', host, readChunkGraph(dist), dist);
    console.log(describeRows(report.rows, lastFigures()).join('\n'));
    mkdirSync(dirname(LAST), { recursive: true });
    writeFileSync(LAST, JSON.stringify({ ...lastFigures(), ...figuresOf(report.rows) }));
    expect(report.rows.length).toBeGreaterThan(Object.keys(host.features).length);
    expect(report.problems).toEqual([]);
  });

  test('the webview’s build (as packaged) keeps every moment and feature within its budget, and no module twice', () => {
    // The graph stays with the webview's build; the files measured are those the .vsix carries.
    const folder = join(import.meta.dirname, '../media/webview');
    const graph = readChunkGraph(join(import.meta.dirname, '../../webview/dist/.vite'));
    const report = checkSide('webview', webview, graph, folder);
    console.log(describeRows(report.rows, lastFigures()).join('\n'));
    mkdirSync(dirname(LAST), { recursive: true });
    writeFileSync(LAST, JSON.stringify({ ...lastFigures(), ...figuresOf(report.rows) }));
    expect(report.rows.length).toBeGreaterThan(Object.keys(webview.features).length);
    expect(report.problems).toEqual([]);
  });
});
