import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';

// The list's resize observer, with a fake one (happy-dom's does nothing, jsdom has none): what it observes, that a
// report moves the list only while it follows, that unmounting disconnects it, and that a page without
// `ResizeObserver` still mounts and follows state changes. Real growth in real layout: MessageList.follow.browser.

/** The observers the list made, each with what it observes and whether it was disconnected. */
class FakeResizeObserver {
  static made: FakeResizeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(readonly report: () => void) {
    FakeResizeObserver.made.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
}

let h: AppHarness;
beforeEach(() => {
  FakeResizeObserver.made = [];
  h = new AppHarness();
});
afterEach(() => {
  h.dispose();
  vi.unstubAllGlobals();
});

/** Gives the list a layout (happy-dom has none): `content()` px of content in a 400px viewport. */
function layout(list: HTMLElement, content: () => number) {
  Object.defineProperty(list, 'scrollHeight', { configurable: true, get: content });
  Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
}

const thread = viewState({}, [viewMessage({ id: 'a1', content: 'an answer' })]);

describe('MessageList following its content’s size', () => {
  it('observes the list’s content, follows its growth only while following, and disconnects on unmount', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    h.mount();
    h.emit(h.host.state(thread));
    const list = screen.getByTestId('message-list');
    let height = 1000;
    layout(list, () => height);
    const [observer, ...others] = FakeResizeObserver.made;
    expect(others).toEqual([]);
    expect(observer?.observed).toEqual([list.querySelector('.message-list-content')]);

    height = 1600; // an image decoded: no state changed, only the size
    observer?.report();
    expect(list.scrollTop).toBe(1600);

    list.scrollTop = 300; // the user scrolls up to read
    fireEvent.scroll(list);
    height = 2000;
    observer?.report();
    expect(list.scrollTop).toBe(300);

    h.dispose();
    expect(observer?.disconnected).toBe(true);
  });

  it('without ResizeObserver, mounts and follows the messages as before', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    h.mount();
    h.emit(h.host.state(thread));
    const list = screen.getByTestId('message-list');
    layout(list, () => 1000);
    h.emit(h.host.added(viewMessage({ id: 'a2', content: 'another' }), 1));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(list.scrollTop).toBe(1000);
  });
});
