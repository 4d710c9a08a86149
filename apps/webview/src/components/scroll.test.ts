import { describe, expect, it } from 'vitest';
import { followsAfterScroll, isNearBottom, STICKY_THRESHOLD_PX } from './scroll';

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

describe('followsAfterScroll', () => {
  // A 500px view; `scrollTop` where the list is now, `followedTo` where following last put it.
  it.each([
    { name: 'at the end', scrollTop: 500, scrollHeight: 1000, followedTo: 900, following: false, expected: true },
    {
      name: 'the text grew past the end since following scrolled there',
      scrollTop: 500,
      scrollHeight: 1400,
      followedTo: 500,
      following: true,
      expected: true,
    },
    {
      name: 'scroll anchoring nudged it up a little while the text grew',
      scrollTop: 500 - STICKY_THRESHOLD_PX,
      scrollHeight: 1400,
      followedTo: 500,
      following: true,
      expected: true,
    },
    {
      name: 'the user moved up past the threshold',
      scrollTop: 499 - STICKY_THRESHOLD_PX,
      scrollHeight: 1400,
      followedTo: 500,
      following: true,
      expected: false,
    },
    {
      name: 'the user moved far up',
      scrollTop: 100,
      scrollHeight: 1000,
      followedTo: 500,
      following: true,
      expected: false,
    },
    {
      name: 'the user moved down, short of the end, after leaving it',
      scrollTop: 400,
      scrollHeight: 1000,
      followedTo: 500,
      following: false,
      expected: false,
    },
  ])('$name -> $expected', ({ expected, followedTo, following, ...el }) => {
    expect(followsAfterScroll({ ...el, clientHeight: 500 }, followedTo, following)).toBe(expected);
  });
});
