import { describe, expect, test } from 'vitest';
import { sashTarget } from './sidebar';

describe('sashTarget', () => {
  test('moves the sash by the difference, keeping its offset from the bar edge', () => {
    // Bar 48–348, sash centred at 350: 180 px wide means the edge at 228, the sash at 230.
    expect(sashTarget(48, 350, 348, 180)).toBe(230);
    expect(sashTarget(48, 350, 348, 300)).toBe(350);
  });
});
