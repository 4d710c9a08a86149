import { describe, expect, test } from 'vitest';
import { valid } from '../../test/support/transcriptFixture';
import type { ParticipantConfig } from '../participants/participant';
import type { Message, Transcript } from '../transcript/schema';
import { exportMarkdown } from './exportMarkdown';

const participants: ParticipantConfig[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT | 5', color: '#10A37F', model: 'gpt-5.5', enabled: true },
];

const lastSection = (t: Transcript) => exportMarkdown(t, participants).split('\n\n---\n\n').at(-1);

describe('exportMarkdown: cost by seat', () => {
  test('ends with what each seat that spoke cost: requests, tokens in and out (estimated marked), time', () => {
    // The fixture: claude's reply m1 (120 in, 9 out, 4.2 s); gpt's failed m2 (estimated 30 in, 2 out, 0.9 s) and a
    // reply stopped before it was sent (m3: no timing, no tokens), which is no request.
    expect(lastSection(valid())).toBe(
      [
        '## Cost by seat',
        '',
        '| Seat | Requests | Tokens in | Tokens out | Time |',
        '| --- | ---: | ---: | ---: | ---: |',
        '| Claude | 1 | 120 | 9 | 4.2 s |',
        '| GPT \\| 5 | 1 | about 30 (estimated) | about 2 (estimated) | 0.9 s |',
        '',
      ].join('\n'),
    );
  });

  test('sums each seat over the thread, says when only some tokens were estimated, and leaves out deleted replies', () => {
    const t = valid();
    const m1 = t.messages[1] as Message;
    const more: Message[] = [
      { ...m1, id: 'x1', usage: { inputTokens: 1_000, outputTokens: 200 }, timing: { totalMs: 60_000 } },
      { ...m1, id: 'x2', speaker: 'gpt', usage: { inputTokens: 5, outputTokens: 5 }, timing: { totalMs: 100 } },
      { ...m1, id: 'x3', status: 'deleted', content: '', usage: undefined },
    ];
    t.messages = [...t.messages, ...more].map((m, seq) => ({ ...m, seq }));
    const table = lastSection(t)?.split('\n').slice(4);
    expect(table).toEqual([
      '| Claude | 2 | 1,120 | 209 | 1 min 4 s |',
      '| GPT \\| 5 | 2 | about 35 (some estimated) | about 7 (some estimated) | 1.0 s |',
      '',
    ]);
  });

  test('a thread where no seat spoke has no such section', () => {
    const t = valid();
    t.messages = t.messages.filter((m) => m.role !== 'assistant').map((m, seq) => ({ ...m, seq }));
    expect(exportMarkdown(t, participants)).not.toContain('Cost by seat');
  });
});
