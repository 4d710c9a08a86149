import { describe, expect, test } from 'vitest';
import { AT, beforeV3, beforeV4, beforeV5, beforeV6, beforeV7, valid } from '../../test/support/transcriptFixture';
import { parseTranscript } from './parseTranscript';
import { type Message, TRANSCRIPT_VERSION, type Transcript } from './schema';

describe('parseTranscript reads other versions', () => {
  test('a version 1 file is upgraded: same order, tied or backward times raised to 1 ms after the one before', () => {
    const v1 = {
      ...beforeV3(),
      version: 1,
      messages: [
        { id: 'z', seq: 0, role: 'user', speaker: 'user', content: 'first', status: 'complete', createdAt: AT },
        { id: 'b', seq: 1, role: 'assistant', speaker: 'claude', content: 'tie', status: 'complete', createdAt: AT },
        {
          id: 'a',
          seq: 2,
          role: 'assistant',
          speaker: 'gpt',
          content: 'clock stepped back',
          status: 'complete',
          createdAt: '2025-03-01T11:00:00.000Z',
        },
        {
          id: 'c',
          seq: 3,
          role: 'user',
          speaker: 'user',
          content: 'later',
          status: 'complete',
          createdAt: '2025-03-02T00:00:00Z',
        },
      ],
    };
    const result = parseTranscript(v1);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.version).toBe(TRANSCRIPT_VERSION);
    expect(result.value.messages.map((m) => [m.id, m.createdAt])).toEqual([
      ['z', AT],
      ['b', '2025-03-01T12:00:00.001Z'],
      ['a', '2025-03-01T12:00:00.002Z'],
      ['c', '2025-03-02T00:00:00.000Z'],
    ]);
    // The upgrade is a valid thread of this version: it reads back unchanged.
    expect(parseTranscript(result.value)).toEqual({ ok: true, value: result.value });
  });

  test('a version 1 file still has to hold the invariants', () => {
    const broken = { ...beforeV3(), version: 1, messages: [{ ...beforeV3().messages[1], seq: 1 }] };
    expect(parseTranscript(broken)).toEqual({ ok: false, error: expect.stringContaining('messages[0].seq') });
  });

  test('a version 1 file with an attempt is refused (the field is newer)', () => {
    const broken = { ...beforeV3(), version: 1, messages: [{ ...beforeV3().messages[1], seq: 0, attempt: 2 }] };
    expect(parseTranscript(broken)).toEqual({ ok: false, error: expect.stringContaining('"attempt"') });
  });

  test('a version 2 file reads as it is, upgraded to this version', () => {
    const v2 = { ...beforeV3(), version: 2 };
    const result = parseTranscript(v2);
    expect(result).toEqual({ ok: true, value: { ...v2, version: TRANSCRIPT_VERSION } });
  });

  test.each([
    ['unrouted', { unrouted: { unknown: ['bob'] } }, 0],
    ['alternativeOf', { alternativeOf: 'm1' }, 3],
    ['leftOut', { leftOut: 2 }, 1],
  ])('a version 2 file with %s is refused (the field is newer)', (field, extra, index) => {
    const v2 = { ...beforeV3(), version: 2 };
    v2.messages[index] = { ...(v2.messages[index] as Message), ...extra };
    expect(parseTranscript(v2)).toEqual({
      ok: false,
      error: expect.stringContaining(`"${field}"`),
    });
  });

  test('a version 2 file still has to hold the invariants, and the order', () => {
    const v2 = { ...beforeV3(), version: 2 };
    const duplicate = { ...v2, messages: v2.messages.map((m, i) => (i === 1 ? { ...m, id: 'm0' } : m)) };
    expect(parseTranscript(duplicate)).toEqual({
      ok: false,
      error: 'Invalid thread: messages[1].id: duplicate message id "m0"',
    });
    const [first, second, ...rest] = v2.messages as Message[];
    const swapped = { ...v2, messages: [second, first, ...rest].map((m, seq) => ({ ...m, seq })) };
    expect(parseTranscript(swapped)).toEqual({
      ok: false,
      error: expect.stringContaining('messages[1]: out of order'),
    });
  });

  test('a version 5 file reads as it is, upgraded to this version: its syntheses unread, its plans naming nobody', () => {
    const v5 = { ...beforeV6(), version: 5 };
    const result = parseTranscript(v5);
    expect(result).toEqual({ ok: true, value: { ...v5, version: TRANSCRIPT_VERSION } });
    if (!result.ok) return;
    expect(result.value.messages.some((m) => m.synthesis !== undefined)).toBe(false);
    expect(result.value.plans?.some((p) => p.seatNames !== undefined)).toBe(false);
  });

  test('a version 7 file, with a synthesis read, its vote and a plan’s names, reads back exactly as it was written', () => {
    const written = JSON.parse(JSON.stringify(valid()));
    expect(written.version).toBe(7);
    expect(parseTranscript(written)).toEqual({ ok: true, value: valid() });
  });

  test('a version 6 file reads as it is, upgraded to this version: its syntheses have no vote', () => {
    const v6 = { ...beforeV7(), version: 6 };
    const result = parseTranscript(v6);
    expect(result).toEqual({ ok: true, value: { ...v6, version: TRANSCRIPT_VERSION } });
    if (result.ok) expect(result.value.messages.some((m) => m.synthesis?.vote !== undefined)).toBe(false);
  });

  test('a version 4 file reads as it is, upgraded to this version', () => {
    const v4 = { ...beforeV5(), version: 4 };
    expect(parseTranscript(v4)).toEqual({ ok: true, value: { ...v4, version: TRANSCRIPT_VERSION } });
  });

  test.each([
    ['images', { images: valid().messages[0]?.images }, /"images"/],
    ['a changes block', { contextBlocks: [{ kind: 'changes', path: '.', content: '' }] }, /kind/],
    ['a problems block', { contextBlocks: [{ kind: 'problems', path: '.', content: '' }] }, /kind/],
  ])('a version 4 file with %s is refused (newer)', (_what, extra, error) => {
    const v4 = { ...beforeV5(), version: 4 };
    v4.messages[0] = { ...(v4.messages[0] as Message), ...extra } as (typeof v4.messages)[0];
    expect(parseTranscript(v4)).toEqual({ ok: false, error: expect.stringMatching(error) });
  });

  test('a version 3 file reads as it is, upgraded to this version', () => {
    const v3 = { ...beforeV4(), version: 3 };
    expect(parseTranscript(v3)).toEqual({ ok: true, value: { ...v3, version: TRANSCRIPT_VERSION } });
  });

  test.each([
    ['step', { step: { plan: 'p1', index: 0 } }, 1],
    ['reviewOf', { reviewOf: 'm1' }, 2],
    ['timing', { timing: { totalMs: 5 } }, 1],
    ['estimated', { usage: { inputTokens: 1, outputTokens: 1, estimated: true } }, 1],
  ])('a version 3 file with %s is refused (the field is newer)', (field, extra, index) => {
    const v3 = { ...beforeV4(), version: 3 };
    v3.messages[index] = { ...(v3.messages[index] as Message), ...extra };
    expect(parseTranscript(v3)).toEqual({ ok: false, error: expect.stringContaining(`"${field}"`) });
  });

  test.each([
    ['mode', valid().mode],
    ['plans', valid().plans],
  ])('a version 3 file with a thread %s is refused (the field is newer)', (field, value) => {
    const v3 = { ...beforeV4(), version: 3, [field]: value };
    expect(parseTranscript(v3)).toEqual({ ok: false, error: expect.stringContaining(`"${field}"`) });
  });

  test('a version 2 file with a rename is refused (the field is newer)', () => {
    const v2 = { ...beforeV3(), version: 2, renamed: valid().renamed };
    expect(parseTranscript(v2)).toEqual({ ok: false, error: expect.stringContaining('"renamed"') });
  });

  test('a newer version is refused as newer, to be left alone rather than set aside', () => {
    expect(parseTranscript({ version: TRANSCRIPT_VERSION + 1, anything: true })).toEqual({
      ok: false,
      error: expect.stringContaining('newer Roundtable'),
      newer: true,
    });
  });
});

describe('parseTranscript accepts', () => {
  const { plans: _plans, ...withoutPlans } = valid();
  const thread = (participants: string[], messages: Omit<Message, 'seq' | 'createdAt'>[]): Transcript => ({
    ...withoutPlans,
    participants,
    messages: messages.map((m, seq) => ({ ...m, seq, createdAt: AT })),
  });

  test.each<{ name: string; thread: Transcript }>([
    { name: 'the fixture thread (every optional field)', thread: valid() },
    { name: 'an empty thread', thread: thread([], []) },
    { name: 'a thread with participants but no messages', thread: thread(['claude'], []) },
    {
      name: 'a selection of one line (its range starts and ends there)',
      thread: thread(
        [],
        [
          {
            id: 'a',
            role: 'user',
            speaker: 'user',
            content: 'this line',
            contextBlocks: [{ kind: 'selection', path: 'a.ts', range: [7, 7], content: 'x();' }],
            targets: [],
            status: 'complete',
          },
        ],
      ),
    },
    {
      name: 'user messages and notes without any participant',
      thread: thread(
        [],
        [
          { id: 'a', role: 'user', speaker: 'user', content: 'hi', targets: [], status: 'complete' },
          { id: 'b', role: 'system', speaker: 'system', content: 'note', status: 'complete' },
        ],
      ),
    },
    {
      name: 'tombstones of every role, keeping their seq',
      thread: thread(
        ['claude'],
        [
          { id: 'a', role: 'user', speaker: 'user', content: '', status: 'deleted' },
          { id: 'b', role: 'assistant', speaker: 'claude', content: '', status: 'deleted' },
          { id: 'c', role: 'system', speaker: 'system', content: '', status: 'deleted' },
          { id: 'd', role: 'user', speaker: 'user', content: 'still here', status: 'complete' },
        ],
      ),
    },
    {
      name: 'every persistable status',
      thread: thread(
        ['claude'],
        [
          { id: 'a', role: 'user', speaker: 'user', content: 'q', status: 'complete' },
          { id: 'b', role: 'assistant', speaker: 'claude', content: '', status: 'error', error: 'HTTP 429' },
          { id: 'c', role: 'assistant', speaker: 'claude', content: 'half', status: 'error', error: 'stream broke' },
          { id: 'd', role: 'assistant', speaker: 'claude', content: '', status: 'cancelled' },
          { id: 'e', role: 'assistant', speaker: 'claude', content: 'part', status: 'cancelled' },
          { id: 'g', role: 'assistant', speaker: 'claude', content: '', status: 'deleted' },
        ],
      ),
    },
    {
      name: 'participant ids at the edges of the grammar',
      thread: thread(
        ['a', `g${'x'.repeat(31)}`, 'gpt-4o_mini'],
        [
          { id: 'a', role: 'assistant', speaker: `g${'x'.repeat(31)}`, content: 'x', status: 'complete' },
          { id: 'b', role: 'assistant', speaker: 'gpt-4o_mini', content: 'y', status: 'complete' },
        ],
      ),
    },
    {
      name: 'a participant who never spoke',
      thread: thread(
        ['claude', 'gpt'],
        [{ id: 'a', role: 'assistant', speaker: 'gpt', content: 'x', status: 'complete' }],
      ),
    },
    {
      name: 'dates with offsets and without fractions',
      thread: { ...thread([], []), createdAt: '2025-03-01T12:00:00Z', updatedAt: '2025-03-01T14:00:00.123+02:00' },
    },
  ])('$name', ({ thread }) => {
    const copy = structuredClone(thread);
    const result = parseTranscript(thread);
    expect(result).toEqual({ ok: true, value: copy });
  });
});
