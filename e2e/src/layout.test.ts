import { describe, expect, test } from 'vitest';
import { type LayoutSnapshot, layoutProblems, type MeasuredBox } from './layout';

function box(name: string, over: Partial<MeasuredBox> = {}): MeasuredBox {
  return {
    name,
    left: 0,
    right: 180,
    scrollWidth: 180,
    clientWidth: 180,
    scrollsSideways: false,
    ellipsis: false,
    insideScroller: false,
    ...over,
  };
}

function snapshot(boxes: MeasuredBox[], over: Partial<LayoutSnapshot> = {}): LayoutSnapshot {
  const headerItems = [
    { name: 'h1.thread-title', top: 4, bottom: 22 },
    { name: 'button[data-testid=sidecar-status]', top: 3, bottom: 23 },
  ];
  return { viewportWidth: 180, pageScrollWidth: 180, boxes, headerItems, ...over };
}

describe('layoutProblems', () => {
  test('a layout that fits has none', () => {
    expect(layoutProblems(snapshot([box('div.app'), box('div.message-list')]))).toEqual([]);
  });

  test('the page scrolling sideways', () => {
    expect(layoutProblems(snapshot([], { pageScrollWidth: 240 }))).toEqual([
      'the page scrolls sideways: 240 px of content in 180 px',
    ]);
  });

  test('a box whose content is wider than it, such as a list that scrolls sideways', () => {
    expect(layoutProblems(snapshot([box('div.message-list', { scrollWidth: 260 })]))).toEqual([
      'div.message-list: its content is 260 px wide in a 180 px box',
    ]);
  });

  test('tables and code scroll sideways on purpose, and what is inside them may be wide', () => {
    const boxes = [
      box('div.table-scroll', { scrollWidth: 400, scrollsSideways: true }),
      box('table', { right: 400, scrollWidth: 400, clientWidth: 400, insideScroller: true }),
    ];
    expect(layoutProblems(snapshot(boxes))).toEqual([]);
  });

  test('a box sticking out of the panel', () => {
    expect(layoutProblems(snapshot([box('button[data-testid=send]', { left: 120, right: 200 })]))).toEqual([
      "button[data-testid=send]: spans 120–200 px, outside the panel's 0–180 px",
    ]);
  });

  test('half a pixel of rounding is not a problem', () => {
    expect(
      layoutProblems(snapshot([box('div.message', { right: 180.5, scrollWidth: 181, clientWidth: 180 })])),
    ).toEqual([]);
  });

  test('an ellipsis is fine while it leaves some text, not when it cuts the text to a sliver', () => {
    const title = (clientWidth: number) =>
      box('h1[data-testid=thread-title]', { scrollWidth: 200, clientWidth, ellipsis: true });
    expect(layoutProblems(snapshot([title(90)]))).toEqual([]);
    expect(layoutProblems(snapshot([title(18)]))).toEqual([
      'h1[data-testid=thread-title]: cut to 18 px, which shows next to none of its text',
    ]);
  });

  test('a header whose items wrap onto a second row', () => {
    const headerItems = [
      { name: 'h1.thread-title', top: 4, bottom: 22 },
      { name: 'button[data-testid=sidecar-status]', top: 24, bottom: 44 },
    ];
    expect(layoutProblems(snapshot([], { headerItems }))).toEqual([
      'the header takes more than one row: button[data-testid=sidecar-status] is below h1.thread-title',
    ]);
  });
});
