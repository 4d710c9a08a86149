import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownModel } from './MarkdownModel';

afterEach(() => vi.restoreAllMocks());

describe('MarkdownModel', () => {
  it('is unsettled until the renderer has loaded, then offers it', async () => {
    let resolve: (render: (md: string) => string) => void = () => {};
    const model = new MarkdownModel(() => new Promise((r) => (resolve = r)));
    expect(model.settled.value).toBe(false);
    expect(model.renderer.value).toBeUndefined();
    resolve((md) => `<p>${md}</p>`);
    await vi.waitFor(() => expect(model.settled.value).toBe(true));
    expect(model.renderer.value?.('x')).toBe('<p>x</p>');
  });

  it('settles without a renderer when the chunk fails to load, and says why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const model = new MarkdownModel(() => Promise.reject(new Error('blocked by CSP')));
    await vi.waitFor(() => expect(model.settled.value).toBe(true));
    expect(model.renderer.value).toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('plain text'), expect.any(Error));
  });

  it('loaded() is settled at once', () => {
    const model = MarkdownModel.loaded((md) => md);
    expect(model.settled.value).toBe(true);
    expect(model.renderer.value?.('y')).toBe('y');
  });
});
