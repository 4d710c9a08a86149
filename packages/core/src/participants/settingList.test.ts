import { describe, expect, test } from 'vitest';
import { parseGroupSettings } from './groups';
import { MAX_PARTICIPANTS, parseParticipantSettings } from './participant';
import { boundEntries, boundProblems, MAX_PROBLEM_LINES, MAX_SETTING_ENTRIES } from './settingList';

// A workspace's settings are written by whoever wrote the repository: a list of any length must cost a bounded
// parse and a bounded number of problem lines, and the valid entries within the bound must still count.

const numbered = <T>(n: number, entry: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => entry(i));

describe('boundEntries', () => {
  test('a list at the bound is read whole, with no line', () => {
    const raw = numbered(MAX_SETTING_ENTRIES, (i) => i);
    expect(boundEntries(raw, 'roundtable.x')).toEqual({ entries: raw, dropped: [] });
  });

  test('one entry past the bound is dropped unread, and one line says how many', () => {
    const raw = numbered(MAX_SETTING_ENTRIES + 1, (i) => i);
    const { entries, dropped } = boundEntries(raw, 'roundtable.x');
    expect(entries).toEqual(raw.slice(0, MAX_SETTING_ENTRIES));
    expect(dropped).toEqual([
      `roundtable.x: only the first ${MAX_SETTING_ENTRIES} entries are read; 1 more were dropped unread`,
    ]);
  });
});

describe('boundProblems', () => {
  test('up to the bound every line is kept; past it the rest are counted in one line', () => {
    const lines = numbered(MAX_PROBLEM_LINES + 3, (i) => `line ${i}`);
    expect(boundProblems(lines.slice(0, MAX_PROBLEM_LINES), 'roundtable.x')).toEqual(lines.slice(0, MAX_PROBLEM_LINES));
    expect(boundProblems(lines, 'roundtable.x')).toEqual([
      ...lines.slice(0, MAX_PROBLEM_LINES),
      'roundtable.x: and 3 more problem(s), not listed',
    ]);
  });
});

describe('100,000 entries', () => {
  const valid = [0, 7, MAX_SETTING_ENTRIES - 1];
  const participantsRaw = numbered(100_000, (i) =>
    valid.includes(i) || i === MAX_SETTING_ENTRIES ? { id: `p${i}`, model: 'm' } : { id: `Bad ${i}` },
  );

  test('participants: the valid ones within the bound take their seats; a valid one past it does not', () => {
    const { participants, problems } = parseParticipantSettings(participantsRaw);
    expect(participants.map((p) => p.id)).toEqual(valid.map((i) => `p${i}`));
    const invalid = MAX_SETTING_ENTRIES - valid.length;
    expect(problems).toHaveLength(1 + MAX_PROBLEM_LINES + 1);
    expect(problems[0]).toBe(
      `roundtable.participants: only the first ${MAX_SETTING_ENTRIES} entries are read; ${100_000 - MAX_SETTING_ENTRIES} more were dropped unread`,
    );
    expect(problems[1]).toMatch(/^roundtable\.participants\[1\]: /);
    expect(problems.at(-1)).toBe(
      `roundtable.participants: and ${invalid - MAX_PROBLEM_LINES} more problem(s), not listed`,
    );
  });

  test('groups: likewise', () => {
    const { participants } = parseParticipantSettings([{ id: 'claude', model: 'm' }]);
    const raw = numbered(100_000, (i) => (i === 3 ? { id: 'team', members: ['claude'] } : { id: 'team', members: [] }));
    const { groups, problems } = parseGroupSettings(raw, participants);
    expect(groups.map((g) => g.id)).toEqual(['team']);
    expect(problems).toHaveLength(1 + MAX_PROBLEM_LINES + 1);
    expect(problems[0]).toContain(`${100_000 - MAX_SETTING_ENTRIES} more were dropped unread`);
    expect(problems.at(-1)).toBe(
      `roundtable.groups: and ${MAX_SETTING_ENTRIES - 1 - MAX_PROBLEM_LINES} more problem(s), not listed`,
    );
  });
});

describe('a list inside an entry', () => {
  const many = numbered(100_000, (i) => `a${i}`);

  test('a participant with 100,000 aliases is ignored in one line; the others are seated', () => {
    const { participants, problems } = parseParticipantSettings([
      { id: 'claude', model: 'm', aliases: many },
      { id: 'gpt', model: 'm', aliases: ['chat'] },
    ]);
    expect(participants.map((p) => [p.id, p.aliases])).toEqual([['gpt', ['chat']]]);
    expect(problems).toEqual([
      'roundtable.participants[0].aliases: at most 8 entries (it has 100000); this entry is ignored',
    ]);
  });

  test('a group with 100,000 members is ignored in one line; a group at the cap is kept', () => {
    const { participants } = parseParticipantSettings([{ id: 'claude', model: 'm' }]);
    const atCap = numbered(MAX_PARTICIPANTS, () => 'claude');
    const { groups, problems } = parseGroupSettings(
      [
        { id: 'crowd', members: many },
        { id: 'solo', members: atCap },
      ],
      participants,
    );
    expect(groups.map((g) => [g.id, g.members])).toEqual([['solo', ['claude']]]);
    expect(problems).toEqual([
      `roundtable.groups[0].members: at most ${MAX_PARTICIPANTS} entries (it has 100000); this entry is ignored`,
    ]);
  });
});
