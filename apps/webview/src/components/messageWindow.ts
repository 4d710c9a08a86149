import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { GROUP_SIZE } from './messageGroups';

/**
 * How many of the newest messages a thread opens with. The first state renders these only, whatever the thread's
 * length, so it costs what a short thread costs; older messages render in the frames after, as the list needs them.
 */
export const INITIAL_WINDOW = 12;

/** How many older messages render in at a time (at least: the window's start moves to a group's first message). */
export const WINDOW_STEP = GROUP_SIZE;

/** The first message shown when a thread of `count` messages opens. */
export function initialStart(count: number): number {
  return Math.max(0, count - INITIAL_WINDOW);
}

/**
 * The first message shown after rendering older ones in: `WINDOW_STEP` more, back to the start of their group (groups
 * start at `offset`, see `windowGroups`).
 */
export function earlierStart(start: number, offset = 0): number {
  return Math.max(0, Math.floor((start - WINDOW_STEP - offset) / GROUP_SIZE) * GROUP_SIZE + offset);
}

export interface MessageWindow {
  /** The index of the oldest message rendered; the window always runs to the newest. */
  readonly start: number;
  /** Where the list's groups start (`windowGroups`): moved by the number of older messages that arrived before all. */
  readonly offset: number;
  /** Renders older messages in above, keeping what the user sees where it is. */
  showEarlier(): void;
  /** Goes back to the window a thread opens with (after the user read far up), then `atEnd` runs. */
  showLatest(): void;
}

/**
 * Which messages the list renders: the newest ones, and older ones as they are needed. They render in when the user
 * scrolls (or pages, or presses Home) to within a screen of the oldest rendered one, when focus reaches the oldest
 * one (Shift+Tab through the messages), when the list has less than a screen above what it shows (a short first
 * window), or with the list's "Show earlier messages" button. Whatever renders in above leaves the scroll position as
 * it was: the oldest message shown before stays where it was on screen.
 *
 * The window belongs to a thread: another thread opens with its own initial window; a resync of the same thread keeps
 * the window where it is.
 */
export function useMessageWindow(
  listRef: RefObject<HTMLElement>,
  threadId: string | undefined,
  order: readonly string[],
  following: { readonly current: boolean },
  atEnd: () => void,
): MessageWindow & { onScroll(): void; onFocusIn(event: FocusEvent): void } {
  // The window starts at a message (its id), not at an index: older messages arriving (a large state's second step,
  // see HostMessageDispatcher) move it along with them.
  const state = useRef({ threadId: undefined as string | undefined, start: 0, first: '', offset: 0 });
  const [, rendered] = useState(0);
  /** The oldest message shown before older ones render in, and where it was on screen. */
  const anchor = useRef<{ element: Element; top: number } | undefined>(undefined);
  const toEnd = useRef(false);
  const count = order.length;
  // Another thread, or the first messages of one that showed none (its shell while the host read it): the window
  // starts at the end, as for any thread opened.
  if (state.current.threadId !== threadId || state.current.first === '') {
    const start = initialStart(count);
    state.current = { threadId, start, first: order[start] ?? '', offset: 0 };
  } else if (order[state.current.start] !== state.current.first) {
    const { start: was, first, offset } = state.current;
    const at = order.indexOf(first);
    const start = at === -1 ? Math.min(was, initialStart(count)) : at;
    state.current = { threadId, start, first: order[start] ?? '', offset: offset + (at === -1 ? 0 : at - was) };
  }

  const setStart = (start: number) => {
    if (start === state.current.start) return;
    state.current = { ...state.current, start, first: order[start] ?? '' };
    rendered((n) => n + 1);
  };

  const oldestShown = () => listRef.current?.querySelector('[data-message-id]') ?? undefined;

  const showEarlier = () => {
    // Once per render: a burst of scroll events before it would render several steps at once.
    if (state.current.start === 0 || anchor.current) return;
    const element = oldestShown();
    anchor.current = element && { element, top: element.getBoundingClientRect().top };
    setStart(earlierStart(state.current.start, state.current.offset));
  };

  const showLatest = () => {
    const start = initialStart(count);
    if (state.current.start >= start) return;
    toEnd.current = true;
    setStart(start);
  };

  useLayoutEffect(() => {
    const list = listRef.current;
    const was = anchor.current;
    anchor.current = undefined;
    // Before the browser paints: the messages rendered in above push the one that was oldest down by their height.
    if (list && was?.element.isConnected) list.scrollTop += was.element.getBoundingClientRect().top - was.top;
    if (toEnd.current) {
      toEnd.current = false;
      atEnd();
    }
  });

  // After each render, once laid out: fill a list with less than a screen above what it shows. Happy-dom has no
  // layout (a height of 0): there the window moves only on scroll, focus or the button.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      if (!list || list.clientHeight === 0) return;
      const above = following.current ? list.scrollHeight - list.clientHeight : list.scrollTop;
      if (above < list.clientHeight) showEarlier();
    });
    return () => cancelAnimationFrame(frame);
  });

  return {
    start: state.current.start,
    offset: state.current.offset,
    showEarlier,
    showLatest,
    onScroll: () => {
      const list = listRef.current;
      if (list && list.scrollTop < list.clientHeight) showEarlier();
    },
    onFocusIn: (event) => {
      const item = event.target instanceof Element ? event.target.closest('[data-message-id]') : null;
      if (item && item === oldestShown()) showEarlier();
    },
  };
}
