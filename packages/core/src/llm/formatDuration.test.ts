import { expect, test } from 'vitest';
import { formatMilliseconds, formatSeconds } from './formatDuration';

test.each([
  [0, '0 s'],
  [1, '1 s'],
  [90, '1 min 30 s'],
  [120, '2 min'],
  [3600, '1 h'],
  [12_345, '3 h 25 min'],
  [86_400, '1 day'],
  [604_740, '6 days 23 h'],
])('formatSeconds(%i) = %s', (seconds, text) => {
  expect(formatSeconds(seconds)).toBe(text);
});

test.each([
  [100, '100 ms'],
  [1500, '1.5 s'],
  [30_000, '30 s'],
  [120_000, '2 min'],
])('formatMilliseconds(%i) = %s', (ms, text) => {
  expect(formatMilliseconds(ms)).toBe(text);
});
