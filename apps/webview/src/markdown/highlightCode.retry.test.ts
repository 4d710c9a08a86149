import { afterEach, describe, expect, it, vi } from 'vitest';

// Loading the highlighter's chunk can fail for a moment (the webview's resource server busy): it is tried again,
// and a load that keeps failing leaves the blocks plain, not queued for ever, and is tried afresh next time.

/** The module under test, fresh, over a highlighter chunk whose first `failures` loads fail. */
async function withFailingLoads(failures: number) {
  let left = failures;
  vi.resetModules();
  vi.doMock('./highlight/highlighter', async (importOriginal) => {
    if (left > 0) {
      left--;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    return importOriginal();
  });
  return import('./highlightCode');
}

function block(code: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div class="code-block" data-language="ts"><pre><code></code></pre></div>`;
  const element = root.querySelector('code') as HTMLElement;
  element.textContent = code;
  document.body.append(root);
  return root;
}

afterEach(() => {
  vi.doUnmock('./highlight/highlighter');
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('loading the code highlighter', () => {
  it('a load that fails twice is tried again, and the block is highlighted', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { highlightCodeIn } = await withFailingLoads(2);
    const root = block('const a = 1;');
    highlightCodeIn(root);
    const code = root.querySelector('code') as HTMLElement;
    await vi.waitFor(() => expect(code.dataset.highlight).toBe('done'), { timeout: 5_000 });
  });

  it('a load that keeps failing leaves the blocks plain, and a later block tries again', {
    timeout: 15_000,
  }, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { highlightCodeIn } = await withFailingLoads(3);
    const first = block('const a = 1;');
    highlightCodeIn(first);
    await vi.waitFor(() => expect(first.querySelector('code')?.dataset.highlight).toBe('plain'), { timeout: 5_000 });
    expect(error).toHaveBeenCalledTimes(1);
    const second = block('const b = 2;');
    highlightCodeIn(second);
    await vi.waitFor(() => expect(second.querySelector('code')?.dataset.highlight).toBe('done'), { timeout: 5_000 });
  });
});
