/** How close to the end (in CSS pixels) still counts as "at the bottom", so sub-pixel layouts do not unstick. */
export const STICKY_THRESHOLD_PX = 24;

/** True when the scrolled element shows its end: new content should then keep it pinned to the bottom. */
export function isNearBottom(
  el: Pick<HTMLElement, 'scrollTop' | 'scrollHeight' | 'clientHeight'>,
  threshold = STICKY_THRESHOLD_PX,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}
