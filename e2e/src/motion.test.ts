import { describe, expect, test } from 'vitest';
import { durationsMs, type MotionSample, moves } from './motion';

const still: MotionSample = {
  name: 'span',
  animationName: 'none',
  animationDuration: '0s',
  transitionProperty: 'all',
  transitionDuration: '0s',
};

describe('durationsMs', () => {
  test('reads seconds and milliseconds from a computed list', () => {
    expect(durationsMs('0.2s, 150ms, 0s')).toEqual([200, 150, 0]);
    expect(durationsMs('1.2s')).toEqual([1200]);
  });
});

describe('moves', () => {
  test('the computed defaults do not move', () => {
    expect(moves(still)).toBe(false);
  });

  test('a named animation with a duration moves', () => {
    expect(moves({ ...still, animationName: 'typing', animationDuration: '1.2s' })).toBe(true);
  });

  test('an animation cut to no time does not', () => {
    expect(moves({ ...still, animationName: 'typing', animationDuration: '0s' })).toBe(false);
  });

  test('any transition that takes time moves, even one of several', () => {
    expect(moves({ ...still, transitionProperty: 'opacity, transform', transitionDuration: '0s, 0.1s' })).toBe(true);
    expect(moves({ ...still, transitionProperty: 'none', transitionDuration: '0.3s' })).toBe(false);
  });
});
