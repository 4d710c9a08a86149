/** How close to the end (in CSS pixels) still counts as "at the bottom", so sub-pixel layouts do not unstick. */
export const STICKY_THRESHOLD_PX = 24;

type ScrollBox = Pick<HTMLElement, 'scrollTop' | 'scrollHeight' | 'clientHeight'>;

/** True when the scrolled element shows its end: new content should then keep it pinned to the bottom. */
export function isNearBottom(el: ScrollBox, threshold = STICKY_THRESHOLD_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/**
 * Whether the list keeps following new content, decided on each scroll event from where the list is now and where
 * following last put it (`followedTo`):
 * - showing its end: follow;
 * - not following: not until it shows its end again;
 * - following, and more than the threshold above `followedTo`: the user scrolled, dragged or paged up: stop;
 * - otherwise keep following. A scroll event reports a scroll after the fact, and more text may have been added
 *   since (the event of following's own scroll can arrive a frame after the next batch), which leaves the list short
 *   of the end with nobody moving it; and the browser's scroll anchoring nudges the position by a few pixels when
 *   the layout above changes. Neither moves the list up past the threshold, a user's scroll does, however slowly
 *   (the distance is from where following left it, not from the last event).
 */
export function followsAfterScroll(
  el: ScrollBox,
  followedTo: number,
  following: boolean,
  threshold = STICKY_THRESHOLD_PX,
): boolean {
  if (isNearBottom(el, threshold)) return true;
  return following && el.scrollTop >= followedTo - threshold;
}
