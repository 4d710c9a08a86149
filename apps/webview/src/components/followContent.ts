import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * Keeps the list's end in view while it follows, whenever its content changes size: not only when the messages
 * change (the list's signal effect follows those), but also afterwards, when nothing in the thread's state changes:
 * a lazy chunk's views arriving, an image decoding, a code block highlighted, messages coming on screen trading their
 * estimated height for their real one (`content-visibility: auto`), the pane getting narrower so text wraps again.
 * Following only on state changes left a thread opened at its end short of its end once such growth came after the
 * last follow.
 *
 * `content` is the element holding everything the list scrolls (its size is the content's, unlike the scrolling
 * element's own box, which does not change when its content grows). A `ResizeObserver` reports its size after layout
 * and before paint, so the end is back in view in the frame the growth shows up, without timers or polling.
 *
 * Invariants:
 * - `atEnd` runs only while `following.current` holds: a user who scrolled up is never moved by growth. Scroll
 *   events are dispatched earlier in a frame than resize observations, so a scroll up has stopped following by then.
 * - one observer per mounted list, disconnected on unmount.
 * - where `ResizeObserver` is missing (jsdom), nothing is observed and the list follows state changes only.
 */
export function useFollowContent(
  content: RefObject<HTMLElement>,
  following: { readonly current: boolean },
  atEnd: () => void,
): void {
  // The observer lives as long as the list: it calls the latest `atEnd` rather than the one of its first render.
  const latest = useRef(atEnd);
  latest.current = atEnd;
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [content, following]);
}
