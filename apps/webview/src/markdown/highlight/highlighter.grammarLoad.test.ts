import { afterEach, describe, expect, it, vi } from 'vitest';

// A grammar's chunk can fail to load for a moment (the webview's resource server busy), like any lazy chunk: each
// load is tried again a few times, and one whose tries all failed is asked for again by the next block in its
// language, instead of leaving that language plain for the page's life.

/** The highlighter, fresh, over a JSON grammar chunk whose first `failures` loads fail. */
async function withFailingGrammar(failures: number) {
  let left = failures;
  vi.resetModules();
  vi.doMock('shiki/langs/json.mjs', async (importOriginal) => {
    if (left > 0) {
      left--;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    return importOriginal();
  });
  return import('./highlighter');
}

afterEach(() => {
  vi.doUnmock('shiki/langs/json.mjs');
  vi.restoreAllMocks();
});

const code = '{ "a": 1 }';
const joined = (lines: { text: string }[][] | undefined) => lines?.map((l) => l.map((t) => t.text).join('')).join('\n');

describe('loading a grammar', () => {
  it('a load that fails twice is tried again, and the code is highlighted', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { highlightLines } = await withFailingGrammar(2);
    expect(joined(await highlightLines(code, 'json'))).toBe(code);
  }, 20_000);

  it('a load whose tries all failed is tried afresh by the next block in that language', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { highlightLines } = await withFailingGrammar(3);
    await expect(highlightLines(code, 'json')).rejects.toThrow();
    expect(joined(await highlightLines(code, 'json'))).toBe(code);
  }, 20_000);
});
