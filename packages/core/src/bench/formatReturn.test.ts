import { describe, expect, test } from 'vitest';
import { formatReturn } from './formatReturn';

// Every case names its zone, so the words are the same on every machine.
const at = (iso: string) => Date.parse(iso);

describe('formatReturn', () => {
  test('less than a day away: the time of day, in 24 hours', () => {
    expect(formatReturn(at('2026-12-14T14:05:00Z'), at('2026-12-14T09:00:00Z'), 'UTC')).toBe('14:05');
    expect(formatReturn(at('2026-12-14T09:07:00Z'), at('2026-12-14T09:00:00Z'), 'UTC')).toBe('09:07');
  });

  test('in the zone it is read in', () => {
    expect(formatReturn(at('2026-12-14T14:05:00Z'), at('2026-12-14T09:00:00Z'), 'Asia/Kolkata')).toBe('19:35');
  });

  test('a day or more away (a Retry-After of days): the date, not a time that would read as today', () => {
    expect(formatReturn(at('2026-12-14T14:05:00Z'), at('2026-12-11T14:05:00Z'), 'UTC')).toBe('Mon 14 Dec');
    expect(formatReturn(at('2026-12-14T14:05:00Z'), at('2026-12-13T14:05:00Z'), 'UTC')).toBe('Mon 14 Dec');
  });

  test('just under a day away is still a time', () => {
    expect(formatReturn(at('2026-12-14T14:05:00Z'), at('2026-12-13T14:05:01Z'), 'UTC')).toBe('14:05');
  });
});
