import { MAX_PROBLEM_LINES, MAX_SETTING_ENTRIES } from '@roundtable/core';
import { describe, expect, test } from 'vitest';
import { readSettings } from './readSettings';

// A workspace's .vscode/settings.json can hold any list: each list setting is cut before it is parsed, and says so
// in one line, and its problem lines are bounded, so a hostile or broken repository costs a few lines, not 100,000.

const HUGE = 100_000;
const list = (entry: (i: number) => unknown) => Array.from({ length: HUGE }, (_, i) => entry(i));
const config = (values: Record<string, unknown>) => ({ get: <T>(key: string) => values[key] as T | undefined });

describe('readSettings with 100,000 entries in each list setting', () => {
  const seated = [2, 30];
  const s = readSettings(
    config({
      participants: list((i) => (seated.includes(i) || i > MAX_SETTING_ENTRIES ? { id: `p${i}`, model: 'm' } : 42)),
      groups: list((i) => (i === 5 ? { id: 'pair', members: ['p2', 'p30'] } : { id: 'Bad' })),
      providers: list((i) => (i === 1 ? { id: 'local', baseUrl: 'http://127.0.0.1:4141/v1' } : { id: 'x' })),
    }),
  );
  const linesOf = (setting: string) => s.problems.filter((line) => line.startsWith(setting));

  test('the valid entries within the bound are kept, and none past it', () => {
    expect(s.orchestrator.participants.map((p) => p.id)).toEqual(['p2', 'p30']);
    expect(s.orchestrator.groups.map((g) => [g.id, g.members])).toEqual([['pair', ['p2', 'p30']]]);
    expect(s.providers.map((p) => p.id)).toEqual(['local']);
  });

  test.each([
    ['roundtable.participants', MAX_SETTING_ENTRIES - 2],
    ['roundtable.groups', MAX_SETTING_ENTRIES - 1],
    ['roundtable.providers', MAX_SETTING_ENTRIES - 1],
  ])('%s: one line for the dropped entries, the first invalid ones, one line counting the rest', (setting, invalid) => {
    const lines = linesOf(setting);
    expect(lines).toHaveLength(1 + MAX_PROBLEM_LINES + 1);
    expect(lines[0]).toBe(
      `${setting}: only the first ${MAX_SETTING_ENTRIES} entries are read; ${HUGE - MAX_SETTING_ENTRIES} more were dropped unread`,
    );
    expect(lines.at(-1)).toBe(`${setting}: and ${invalid - MAX_PROBLEM_LINES} more problem(s), not listed`);
  });

  test('nothing else is reported', () => {
    expect(s.problems).toHaveLength(3 * (1 + MAX_PROBLEM_LINES + 1));
  });
});
