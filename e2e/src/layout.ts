import type { Frame } from 'playwright-core';

/** One element's box, as measured in the webview. */
export interface MeasuredBox {
  /** A readable name: tag, test id or first classes. */
  readonly name: string;
  readonly left: number;
  readonly right: number;
  /** Its content's width against its own (0 for inline boxes, which have no client box). */
  readonly scrollWidth: number;
  readonly clientWidth: number;
  /** Meant to scroll sideways (a table's or a code block's box). */
  readonly scrollsSideways: boolean;
  /** Cuts its text with an ellipsis on purpose (a title, a detail line). */
  readonly ellipsis: boolean;
  /** Inside a box that scrolls sideways: may be wider than the panel. */
  readonly insideScroller: boolean;
}

export interface LayoutSnapshot {
  readonly viewportWidth: number;
  readonly pageScrollWidth: number;
  readonly boxes: readonly MeasuredBox[];
  /** The vertical extent of each child of the header, in order. */
  readonly headerItems: readonly { readonly name: string; readonly top: number; readonly bottom: number }[];
}

/** Rounding slack: sub-pixel layout can make a box 0.5 px wider than its parent without anything showing. */
const SLACK = 1;

/** Text cut with an ellipsis must still show a few characters: below this width it shows next to nothing. */
export const MIN_CUT_WIDTH = 40;

/**
 * What is broken about a layout: the page scrolling sideways; any box whose content is wider than it (except the
 * boxes that scroll sideways and the text cut with an ellipsis on purpose); any box outside the panel's width (except
 * inside a sideways scroller, which clips it); text cut with an ellipsis down to a few pixels; a header that takes
 * more than one row.
 */
export function layoutProblems(snapshot: LayoutSnapshot): string[] {
  const problems: string[] = [];
  const { viewportWidth } = snapshot;
  if (snapshot.pageScrollWidth > viewportWidth + SLACK) {
    problems.push(`the page scrolls sideways: ${snapshot.pageScrollWidth} px of content in ${viewportWidth} px`);
  }
  for (const box of snapshot.boxes) {
    if (!box.scrollsSideways && !box.ellipsis && box.scrollWidth > box.clientWidth + SLACK) {
      problems.push(`${box.name}: its content is ${box.scrollWidth} px wide in a ${box.clientWidth} px box`);
    }
    if (box.ellipsis && box.scrollWidth > box.clientWidth + SLACK && box.clientWidth < MIN_CUT_WIDTH) {
      problems.push(`${box.name}: cut to ${box.clientWidth} px, which shows next to none of its text`);
    }
    if (!box.insideScroller && (box.left < -SLACK || box.right > viewportWidth + SLACK)) {
      problems.push(`${box.name}: spans ${box.left}–${box.right} px, outside the panel's 0–${viewportWidth} px`);
    }
  }
  const items = snapshot.headerItems;
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1], items[i]];
    if (a && b && (b.top >= a.bottom || a.top >= b.bottom)) {
      problems.push(`the header takes more than one row: ${b.name} is below ${a.name}`);
    }
  }
  return problems;
}

/**
 * Measures every rendered element of the app in `frame`. Hidden ones (no box, or text clipped to nothing for
 * screen readers) are left out. Runs in the page, so it is self-contained.
 */
export function measureLayout(frame: Frame): Promise<LayoutSnapshot> {
  return frame.evaluate(() => {
    const round = (n: number) => Math.round(n * 10) / 10;
    const nameOf = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const classes = [...el.classList].slice(0, 2).join('.');
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : classes ? `.${classes}` : ''}`;
    };
    const sideways = '.table-scroll, pre';
    // The visually-hidden pattern (a 1 px box clipped to nothing) on the element or an ancestor: text for screen readers.
    const hiddenForSight = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (getComputedStyle(node).clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    const boxes = [];
    for (const el of document.querySelectorAll('#root *')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (hiddenForSight(el)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'contents' || style.visibility === 'hidden') continue;
      boxes.push({
        name: nameOf(el),
        left: round(rect.left),
        right: round(rect.right),
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        scrollsSideways: el.matches(sideways),
        ellipsis: style.textOverflow === 'ellipsis' && style.overflowX !== 'visible',
        insideScroller: el.parentElement?.closest(sideways) != null,
      });
    }
    const header = document.querySelector('.header');
    const headerItems = [...(header?.children ?? [])].map((el) => {
      const rect = el.getBoundingClientRect();
      return { name: nameOf(el), top: round(rect.top), bottom: round(rect.bottom) };
    });
    return {
      viewportWidth: document.documentElement.clientWidth,
      pageScrollWidth: document.documentElement.scrollWidth,
      boxes,
      headerItems,
    };
  });
}
