import { describe, expect, it } from 'vitest';
import { isNearBottom, STICKY_THRESHOLD_PX } from './scroll';

describe('isNearBottom', () => {
  it.each([
    { name: 'content shorter than the view', scrollTop: 0, scrollHeight: 300, clientHeight: 500, expected: true },
    { name: 'exactly at the bottom', scrollTop: 500, scrollHeight: 1000, clientHeight: 500, expected: true },
    {
      name: 'within the threshold',
      scrollTop: 500 - STICKY_THRESHOLD_PX,
      scrollHeight: 1000,
      clientHeight: 500,
      expected: true,
    },
    {
      name: 'just beyond the threshold',
      scrollTop: 499 - STICKY_THRESHOLD_PX,
      scrollHeight: 1000,
      clientHeight: 500,
      expected: false,
    },
    { name: 'scrolled up to the top', scrollTop: 0, scrollHeight: 1000, clientHeight: 500, expected: false },
  ])('$name -> $expected', ({ expected, ...el }) => {
    expect(isNearBottom(el)).toBe(expected);
  });
});
