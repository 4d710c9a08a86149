import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';

// Following the output in happy-dom, which has no layout: each test gives the list its sizes. The same behaviour
// with real layout, over a whole long reply, is in streaming.browser.test.tsx.

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
});

describe('MessageList auto-scroll', () => {
  /** Emits, then lets the frame after the render run (the list scrolls once the bubble has painted). */
  async function emitAndPaint(message: unknown) {
    h.emit(message);
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }

  const streaming = (content: string) =>
    viewState({ thread: { busy: true } }, [viewMessage({ id: 's1', content, status: 'streaming' })]);

  /** Gives the list a layout (happy-dom has none): 1000px of content in a 400px viewport. */
  function layout(list: HTMLElement) {
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
  }

  it('follows streaming text while at the bottom, and stops once the user scrolls up', async () => {
    h.mount();
    h.emit(h.host.state(streaming('a')));
    const list = screen.getByTestId('message-list');
    layout(list);

    await emitAndPaint(h.host.appended('s1', 'b', 1));
    expect(list.scrollTop).toBe(1000);

    list.scrollTop = 100; // the user scrolls up to read
    fireEvent.scroll(list);
    await emitAndPaint(h.host.appended('s1', 'c', 2));
    expect(list.scrollTop).toBe(100);

    list.scrollTop = 600; // and back down to the end
    fireEvent.scroll(list);
    await emitAndPaint(h.host.appended('s1', 'd', 3));
    expect(list.scrollTop).toBe(1000);
  });

  it('keeps following when more text arrives before the event of its own scroll', async () => {
    h.mount();
    h.emit(h.host.state(streaming('a')));
    const list = screen.getByTestId('message-list');
    let height = 1000;
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
    await emitAndPaint(h.host.appended('s1', 'b', 1));
    expect(list.scrollTop).toBe(1000);
    // The next batch renders 500px more before the browser dispatches the scroll event of that scroll: the list is
    // short of the end, but the user did not move it.
    height = 1500;
    fireEvent.scroll(list);
    await emitAndPaint(h.host.appended('s1', 'c', 2));
    expect(list.scrollTop).toBe(1500);
    expect(screen.queryByTestId('jump-latest')).toBeNull();
  });

  it('offers Jump to latest while scrolled up, which goes to the end and follows again', async () => {
    h.mount();
    h.emit(h.host.state(streaming('a')));
    const list = screen.getByTestId('message-list');
    layout(list);
    await emitAndPaint(h.host.appended('s1', 'b', 1)); // following: at the end
    expect(screen.queryByTestId('jump-latest')).toBeNull();
    list.scrollTop = 100;
    fireEvent.scroll(list);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(list.scrollTop).toBe(1000);
    expect(screen.queryByTestId('jump-latest')).toBeNull();
    await emitAndPaint(h.host.appended('s1', 'c', 2));
    expect(list.scrollTop).toBe(1000);
  });

  it('brings the user to the bottom when their own new message arrives', async () => {
    h.mount();
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'a1', content: 'old' })])));
    const list = screen.getByTestId('message-list');
    layout(list);
    list.scrollTop = 0;
    fireEvent.scroll(list);
    await emitAndPaint(
      h.host.added(viewMessage({ id: 'u2', role: 'user', speaker: 'user', content: 'new question' }), 1),
    );
    expect(list.scrollTop).toBe(1000);
  });
});
