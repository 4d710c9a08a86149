import { describe, expect, test } from 'vitest';
import { resetFromWords } from './resetWords';

const now = Date.parse('2026-12-14T10:00:00Z');
const read = (text: string, timeZone = 'UTC', at = now) => {
  const reset = resetFromWords(text, at, timeZone);
  return reset === undefined ? undefined : new Date(reset).toISOString();
};

describe('resetFromWords: the moment a CLI says its limit ends', () => {
  test('Claude Code’s usage limit with the epoch after a bar', () => {
    expect(read('Claude AI usage limit reached|1797249600')).toBe('2026-12-14T12:00:00.000Z');
  });

  // A time in words has its seconds cut off by the CLI: the limit is read to last to the end of the minute it names.
  test('Claude Code’s "resets 3pm (Zone)" in the zone it names, not the machine’s, to the end of its minute', () => {
    expect(read("You've hit your limit · resets 3pm (Europe/Berlin)", 'Asia/Tokyo')).toBe('2026-12-14T14:01:00.000Z');
    expect(read('Your limit will reset at 9:30pm (America/New_York)')).toBe('2026-12-15T02:31:00.000Z');
    // Claude Code 2.1.328, as printed against the stand-in's five-hour limit.
    expect(read("You've hit your 5-hour limit · resets 12:51am (UTC)")).toBe('2026-12-15T00:52:00.000Z');
  });

  test('Claude Code’s reset more than a day away: its date without the year is this year’s', () => {
    // As Claude Code 2.1.328 printed the stand-in's weekly limit.
    expect(read("You've hit your weekly limit · resets Dec 17, 11:51pm (Europe/Berlin)")).toBe(
      '2026-12-17T22:52:00.000Z',
    );
    expect(read("You've hit your weekly limit · resets Dec 17, 3pm (UTC)")).toBe('2026-12-17T15:01:00.000Z');
    // Its year is written when it is not this year's; a date already past without one is next year's.
    expect(read("You've hit your weekly limit · resets Jan 2, 2027, 3pm (UTC)")).toBe('2027-01-02T15:01:00.000Z');
    expect(read('resets Jan 2, 3pm (UTC)')).toBe('2027-01-02T15:01:00.000Z');
  });

  test('a time of day already past today is tomorrow’s, but not one within the minute it names', () => {
    expect(read('resets 9am (UTC)')).toBe('2026-12-15T09:01:00.000Z');
    // 10:00:40 and the words say 10:00 (the reset is at 10:00:xx): this minute, not tomorrow's 10:00.
    expect(read('try again at 10:00 AM.', 'UTC', now + 40_000)).toBe('2026-12-14T10:01:00.000Z');
    expect(read('try again at 9:59 AM.', 'UTC', now + 40_000)).toBe('2026-12-15T10:00:00.000Z');
  });

  test('Codex’s "try again at 3:45 PM." in the machine’s zone, and its dated form', () => {
    expect(read("You've hit your usage limit. Try again at 3:45 PM.")).toBe('2026-12-14T15:46:00.000Z');
    expect(read("You've hit your usage limit. Try again at 3:45 PM.", 'America/Los_Angeles')).toBe(
      '2026-12-14T23:46:00.000Z',
    );
    expect(read("You've hit your usage limit. Try again at Dec 17th, 2026 12:05 AM.")).toBe('2026-12-17T00:06:00.000Z');
    // Codex 0.169.0's whole sentence for a plan's limit, with its own apostrophe and a link before the time.
    expect(
      read(
        'You’ve hit your usage limit. Upgrade to Pro (https://chatgpt.com/explore/pro), visit ' +
          'https://chatgpt.com/settings/usage to purchase more credits or try again at 11:22 PM.',
      ),
    ).toBe('2026-12-14T23:23:00.000Z');
  });

  test('Gemini CLI’s wait, Go-style or in seconds', () => {
    expect(read('Your quota will reset after 2h52m39s.')).toBe('2026-12-14T12:52:39.000Z');
    expect(read('Please retry in 34.5s.')).toBe('2026-12-14T10:00:35.000Z');
    // Gemini CLI 0.61.0's whole message for a spent quota, with its own advice after it.
    expect(
      read(
        '[API Error: You have exhausted your capacity on this model. Your quota will reset after 2h52m37s.]\n' +
          'Please wait and try again later. To increase your limits, request a quota increase through AI Studio, or ' +
          'switch to another /auth method',
      ),
    ).toBe('2026-12-14T12:52:37.000Z');
  });

  test('a wait spelled out in words', () => {
    expect(read('Try again in 3 days 4 hours 12 minutes.')).toBe('2026-12-17T14:12:00.000Z');
    expect(read('try again in 5 minutes')).toBe('2026-12-14T10:05:00.000Z');
  });

  test('no time, or one already past, says nothing', () => {
    expect(read('Number of request tokens has exceeded your per-minute rate limit')).toBeUndefined();
    expect(read('Claude AI usage limit reached|1700000000')).toBeUndefined();
    expect(read('Try again later.')).toBeUndefined();
    expect(read('resets 13pm (UTC)')).toBeUndefined();
    expect(read('resets Dec 17, 2025, 3pm (UTC)')).toBeUndefined();
    // "at most 5" is not a date: only a month's name starts one.
    expect(read('at most 5 pm requests')).toBeUndefined();
  });
});
