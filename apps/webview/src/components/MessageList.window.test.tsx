import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness, messageEl } from '../testing/AppHarness';
import { priorMessages, viewMessage, viewState } from '../testing/fixtures';
import { GROUP_SIZE, windowGroups } from './messageGroups';
import { INITIAL_WINDOW, WINDOW_STEP } from './messageWindow';

// The list's window in happy-dom, which has no layout: what is rendered, and what renders older messages in. The
// same with real layout (the scroll position kept, the list filled) is in MessageList.window.browser.test.tsx.

const h = new AppHarness();
afterEach(() => h.dispose());

const renderedIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')].map((m) => m.dataset.messageId);
const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${from + i}`);
const earlier = () => screen.queryByTestId('show-earlier');

function open(count: number) {
  h.mount();
  h.emit(h.host.state(viewState({}, priorMessages(count))));
}

describe('the message list’s window', () => {
  it('renders only the newest messages of a 10,000-message thread, and says how many are above', async () => {
    open(10_000);
    expect(renderedIds()).toEqual(ids(10_000 - INITIAL_WINDOW, 10_000));
    // The newest messages came first (see HostMessageDispatcher); the whole thread follows, the window unmoved and
    // the bubbles shown kept.
    const newest = messageEl('m9999');
    expect(h.chat?.replica.order.peek()).toHaveLength(100);
    await h.settle();
    expect(h.chat?.replica.order.peek()).toHaveLength(10_000);
    expect(messageEl('m9999')).toBe(newest);
    expect(renderedIds()).toEqual(ids(10_000 - INITIAL_WINDOW, 10_000));
    expect(earlier()?.textContent).toBe(
      `Show earlier messages (${(10_000 - INITIAL_WINDOW).toLocaleString('en-US')} more)`,
    );
  });

  it('opens a long thread at its end when its messages follow its shell (the host was still reading it)', async () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { opening: true } })));
    expect(screen.getByTestId('opening-hint').textContent).toBe('Opening the thread…');
    expect(screen.getByRole('log', { name: 'Conversation' }).getAttribute('aria-busy')).toBe('true');
    h.emit(h.host.state(viewState({}, priorMessages(1_000))));
    await h.settle();
    expect(renderedIds()).toEqual(ids(1_000 - INITIAL_WINDOW, 1_000));
    expect(screen.queryByTestId('opening-hint')).toBeNull();
    expect(screen.getByRole('log', { name: 'Conversation' }).getAttribute('aria-busy')).toBeNull();
  });

  it('renders every message of a short thread, with no button', () => {
    open(INITIAL_WINDOW);
    expect(renderedIds()).toEqual(ids(0, INITIAL_WINDOW));
    expect(earlier()).toBeNull();
  });

  it('renders older messages in above with the button, keeping the DOM of those shown, until none is left', () => {
    open(100);
    const newest = messageEl('m99');
    const start = 100 - INITIAL_WINDOW;
    fireEvent.click(earlier() as HTMLElement);
    const next = Math.floor((start - WINDOW_STEP) / GROUP_SIZE) * GROUP_SIZE;
    expect(renderedIds()).toEqual(ids(next, 100));
    expect(messageEl('m99')).toBe(newest);
    fireEvent.click(earlier() as HTMLElement);
    expect(renderedIds()).toEqual(ids(0, 100));
    expect(earlier()).toBeNull();
  });

  it('keeps the list a polite log of new messages, and older ones rendering in out of it', () => {
    open(100);
    fireEvent.click(earlier() as HTMLElement);
    const list = screen.getByRole('log', { name: 'Conversation' });
    expect(list.getAttribute('aria-live')).toBe('polite');
    const groups = [...list.querySelectorAll('.message-group')];
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.map((g) => g.getAttribute('aria-live'))).toEqual([...groups.slice(1).map(() => 'off'), null]);
    h.emit(h.host.added(viewMessage({ id: 'new', content: 'new' }), 100));
    expect(messageEl('new').closest('.message-group')).toBe(list.querySelector('.message-group:last-child'));
    expect(messageEl('new').closest('[aria-live]')).toBe(list);
  });

  it('renders older messages in when the user scrolls to within a screen of the oldest shown', () => {
    open(1_000);
    const list = screen.getByTestId('message-list');
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
    list.scrollTop = 900;
    fireEvent.scroll(list);
    expect(renderedIds()).toHaveLength(INITIAL_WINDOW);
    list.scrollTop = 300;
    fireEvent.scroll(list);
    expect(renderedIds().length).toBeGreaterThan(INITIAL_WINDOW);
    expect(renderedIds().at(-1)).toBe('m999');
  });

  it('renders older messages in when focus reaches the oldest one shown (Shift+Tab through the messages)', () => {
    open(1_000);
    const oldest = messageEl(`m${1_000 - INITIAL_WINDOW}`);
    const button = oldest.querySelector('button');
    if (!button) throw new Error('no button in the oldest message');
    fireEvent.focusIn(button);
    expect(renderedIds().length).toBeGreaterThan(INITIAL_WINDOW);
    expect(messageEl(`m${1_000 - INITIAL_WINDOW}`)).toBe(oldest);
  });

  it('Jump to latest goes back to the window the thread opened with', async () => {
    open(1_000);
    const list = screen.getByTestId('message-list');
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => 5_000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
    // The list follows the end once it has rendered.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < 3; i++) fireEvent.click(earlier() as HTMLElement);
    list.scrollTop = 100;
    fireEvent.scroll(list);
    expect(renderedIds().length).toBeGreaterThan(3 * WINDOW_STEP);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(renderedIds()).toEqual(ids(1_000 - INITIAL_WINDOW, 1_000));
    expect(list.scrollTop).toBe(5_000);
  });

  it('stays where it is through a resync of the thread, and starts again for another thread', async () => {
    open(1_000);
    fireEvent.click(earlier() as HTMLElement);
    const shown = renderedIds();
    h.emit(h.host.state(viewState({}, priorMessages(1_001))));
    await h.settle();
    expect(renderedIds()).toEqual([...shown, 'm1000']);
    h.emit(h.host.state(viewState({ thread: { id: 'thread-2' } }, priorMessages(500))));
    expect(renderedIds()).toEqual(ids(500 - INITIAL_WINDOW, 500));
  });
});

describe('windowGroups', () => {
  it('puts each id in the group of its index in the whole list, the first one partly shown', () => {
    const all = ids(0, 10);
    expect(windowGroups(all, 5, 4)).toEqual([
      { index: 1, ids: ['m5', 'm6', 'm7'] },
      { index: 2, ids: ['m8', 'm9'] },
    ]);
    expect(windowGroups(all, 0, 4).map((g) => g.ids.length)).toEqual([4, 4, 2]);
    expect(windowGroups(all, 10, 4)).toEqual([]);
    // Groups start at the offset: messages before it fall in groups of negative index, the others keep theirs.
    expect(windowGroups(all, 0, 4, 6)).toEqual([
      { index: -2, ids: ['m0', 'm1'] },
      { index: -1, ids: ['m2', 'm3', 'm4', 'm5'] },
      { index: 0, ids: ['m6', 'm7', 'm8', 'm9'] },
    ]);
  });
});
