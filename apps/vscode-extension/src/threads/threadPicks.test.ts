import { describe, expect, it } from 'vitest';
import { sinceText, threadPicks } from './threadPicks';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('the thread history quick pick', () => {
  it('says when each thread changed, how long it is, which one replies and which one is shown', () => {
    const picks = threadPicks(
      [
        { id: 'a', title: 'Release plan', updatedAt: '2026-12-01T11:55:00Z', messageCount: 12, busy: true },
        { id: 'b', title: '  ', updatedAt: '2026-11-29T12:00:00Z', messageCount: 1, busy: false },
        {
          id: 'x.json',
          title: 'x.json',
          updatedAt: '2026-11-01T00:00:00Z',
          messageCount: 0,
          busy: false,
          unreadable: 'Not valid JSON.',
        },
      ],
      'b',
      NOW,
    );
    expect(picks.map((p) => [p.label, p.description, p.unreadable])).toEqual([
      ['$(loading~spin) Release plan', '5 min ago · 12 messages · replying', undefined],
      ['$(comment-discussion) New conversation', '2 days ago · 1 message · shown', undefined],
      ['$(warning) x.json', 'cannot be read', 'Not valid JSON.'],
    ]);
  });

  it.each([
    ['2026-12-01T11:59:30Z', 'just now'],
    ['2026-12-01T13:00:00Z', 'just now'], // a clock that runs behind another window's
    ['2026-12-01T11:01:00Z', '59 min ago'],
    ['2026-12-01T09:00:00Z', '3 h ago'],
    ['2026-11-30T12:00:00Z', '1 day ago'],
    ['2026-11-20T08:00:00Z', '2026-11-20'],
  ])('%s reads as "%s"', (then, text) => {
    expect(sinceText(Date.parse(then), NOW)).toBe(text);
  });
});

describe('the thread quick pick while searching', () => {
  const entries = [
    { id: 'a', title: 'Release plan', updatedAt: '2026-12-01T11:55:00Z', messageCount: 12, busy: false },
    { id: 'b', title: 'Parser bug', updatedAt: '2026-11-29T12:00:00Z', messageCount: 3, busy: false },
    { id: 'c', title: 'Other', updatedAt: '2026-11-28T12:00:00Z', messageCount: 2, busy: false },
  ];

  it('lists only the threads that match, with the line that holds the query for a match in the messages', () => {
    const matches = new Map([
      ['a', { title: true }],
      ['b', { title: false, snippet: '…the tokenizer drops the last line…' }],
    ]);
    const picks = threadPicks(entries, undefined, NOW, { matches });
    expect(picks.map((p) => [p.entry.id, p.detail])).toEqual([
      ['a', undefined],
      ['b', '…the tokenizer drops the last line…'],
    ]);
  });

  it('puts the buttons it is given on every readable row', () => {
    const buttons = [{ action: 'rename' as const, iconPath: { id: 'edit' } as never, tooltip: 'Rename' }];
    const picks = threadPicks(
      [...entries, { ...entries[0], id: 'x', unreadable: 'Not JSON.' } as (typeof entries)[number]],
      undefined,
      NOW,
      { buttons },
    );
    expect(picks.map((p) => p.buttons?.length ?? 0)).toEqual([1, 1, 1, 0]);
  });
});
