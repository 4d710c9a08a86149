import { act, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { MarkdownModel } from '../models/MarkdownModel';
import { AppHarness, contentOf } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';
import { MemoryUiStateStore } from '../transport/FakeHostTransport';

// The Markdown renderer loads as a lazy chunk while the host's first state travels: the app waits for it a moment,
// never past its grace period, and shows text (never HTML) without it.

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
  vi.restoreAllMocks();
});

describe('App and the lazy Markdown renderer', () => {
  it('waits a moment for the renderer, so messages do not flash as text, then shows them as Markdown', async () => {
    let resolve: (render: (md: string) => string) => void = () => {};
    h.mount(new MemoryUiStateStore(), new MarkdownModel(() => new Promise((r) => (resolve = r)), 60_000));
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'a1', content: '**hi**' })])));
    expect(screen.getByTestId('connecting')).toBeTruthy();
    await act(async () => resolve(renderMarkdown));
    expect(contentOf('a1').querySelector('strong')?.textContent).toBe('hi');
  });

  it('never lets the first transcript wait for the renderer past its grace period', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let resolve: (render: (md: string) => string) => void = () => {};
      h.mount(new MemoryUiStateStore(), new MarkdownModel(() => new Promise((r) => (resolve = r)), 250));
      h.emit(h.host.state(viewState({}, [viewMessage({ id: 'a1', content: '**hi**' })])));
      expect(screen.getByTestId('connecting')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(250);
      });
      expect(contentOf('a1').textContent).toBe('**hi**'); // as text, never as HTML
      await act(async () => resolve(renderMarkdown));
      expect(contentOf('a1').querySelector('strong')?.textContent).toBe('hi');
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to plain text (never HTML) when the renderer failed to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    h.mount(new MemoryUiStateStore(), new MarkdownModel(() => Promise.reject(new Error('blocked'))));
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'a1', content: '**hi** <b>x</b>' })])));
    await act(async () => {});
    expect(contentOf('a1').textContent).toBe('**hi** <b>x</b>');
    expect(contentOf('a1').querySelector('b, strong')).toBeNull();
  });
});
