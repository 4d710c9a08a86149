import { describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { seat } from '../../test/support/seat';
import type { Message } from '../transcript/schema';
import { discussionOf, nextRound } from './rounds';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from './settings';

ensureNoDisposablesAreLeaked();

let n = 0;
const msg = (speaker: string, status: Message['status'] = 'complete'): Message => ({
  id: `m${n}`,
  seq: n++,
  role: speaker === 'user' ? 'user' : 'assistant',
  speaker,
  content: 'x',
  status,
  createdAt: '2026-12-01T10:00:00.000Z',
});
const settings = { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [seat('a'), seat('b'), seat('c')] };

describe('discussionOf', () => {
  test.each<[string, Message[], { speakers: string[]; round: number } | undefined]>([
    ['no user message yet', [], undefined],
    ['a message nobody answered yet', [msg('user')], undefined],
    ['one round of two', [msg('user'), msg('a'), msg('b')], { speakers: ['a', 'b'], round: 1 }],
    [
      'two rounds, counted by the most replies of anyone',
      [msg('user'), msg('a'), msg('b'), msg('a'), msg('b')],
      { speakers: ['a', 'b'], round: 2 },
    ],
    ['only since the last user message', [msg('user'), msg('a'), msg('user'), msg('b')], { speakers: ['b'], round: 1 }],
    ['deleted replies do not count', [msg('user'), msg('a'), msg('b', 'deleted')], { speakers: ['a'], round: 1 }],
    [
      'an alternative seats its speaker, beside its original, but adds no round',
      (() => {
        const [q, a1, a2] = [msg('user'), msg('a'), msg('a')];
        return [q, a1, a2, { ...msg('b'), alternativeOf: a1.id }, { ...msg('c'), alternativeOf: a2.id }];
      })(),
      { speakers: ['a', 'b', 'c'], round: 2 },
    ],
    [
      'an alternative before its speaker’s own reply adds no round either',
      (() => {
        const [q, a1] = [msg('user'), msg('a')];
        return [q, a1, { ...msg('b'), alternativeOf: a1.id }, msg('b')];
      })(),
      { speakers: ['a', 'b'], round: 1 },
    ],
    [
      'alternatives alone make round one',
      (() => {
        const [q, a1] = [msg('user'), msg('a')];
        return [q, a1, { ...msg('b'), alternativeOf: a1.id }, { ...msg('b'), alternativeOf: a1.id }];
      })(),
      { speakers: ['a', 'b'], round: 1 },
    ],
  ])('%s', (_name, messages, expected) => {
    const discussion = discussionOf(messages);
    if (expected) expect(discussion).toEqual({ ...expected, question: expect.any(String), mode: 'discuss' });
    else expect(discussion).toBeUndefined();
  });
});

describe('nextRound', () => {
  test('asks everyone who took part, in their order', () => {
    const question = msg('user');
    expect(nextRound([question, msg('b'), msg('a')], settings)).toEqual({
      ok: true,
      responders: ['b', 'a'],
      round: 2,
      question: question.id,
      mode: 'discuss',
    });
  });

  test('leaves out who cannot answer now', () => {
    const muted = { ...settings, participants: [seat('a', { muted: true }), seat('b'), seat('c')] };
    expect(nextRound([msg('user'), msg('a'), msg('b'), msg('c')], muted)).toMatchObject({ responders: ['b', 'c'] });
  });

  test('never past the cap, and only after several took part', () => {
    const two = [msg('user'), msg('a'), msg('b'), msg('a'), msg('b'), msg('a'), msg('b')];
    expect(nextRound(two, settings)).toMatchObject({ ok: false, reason: expect.stringContaining('3 rounds') });
    expect(nextRound(two, { ...settings, maxRounds: 4 })).toMatchObject({ ok: true, round: 4 });
    expect(nextRound([msg('user'), msg('a')], settings)).toMatchObject({ ok: false });
  });
});
