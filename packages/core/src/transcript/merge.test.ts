import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { at, plansFor, threeCopies } from '../../test/support/threadCopies';
import { laterMessage, mergeTranscripts } from './merge';
import { compareMessages } from './order';
import { parseTranscript } from './parseTranscript';
import type { TurnPlan } from './plan';
import type { Message, Transcript } from './schema';

describe('mergeTranscripts', () => {
  test('is commutative, associative and idempotent (windows converge whatever order they merge in)', () => {
    fc.assert(
      fc.property(threeCopies, ([a, b, c]) => {
        const ab = mergeTranscripts(a, b);
        expect(mergeTranscripts(b, a)).toEqual(ab);
        expect(mergeTranscripts(ab, c)).toEqual(mergeTranscripts(a, mergeTranscripts(b, c)));
        expect(mergeTranscripts(ab, ab)).toEqual(ab);
        expect(mergeTranscripts(ab, b)).toEqual(ab);
      }),
      { numRuns: 500 },
    );
  });

  test('keeps every message of both sides exactly once, in the thread order, with seq = position', () => {
    fc.assert(
      fc.property(threeCopies, ([a, b]) => {
        const merged = mergeTranscripts(a, b);
        const ids = merged.messages.map((m) => m.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set([...a.messages, ...b.messages].map((m) => m.id)));
        merged.messages.forEach((m, i) => {
          expect(m.seq).toBe(i);
          const next = merged.messages[i + 1];
          if (next) expect(compareMessages(m, next)).toBeLessThan(0);
        });
      }),
    );
  });

  test('a message only moves forward: the merged version is never behind either side', () => {
    fc.assert(
      fc.property(threeCopies, ([a, b]) => {
        const merged = new Map(mergeTranscripts(a, b).messages.map((m) => [m.id, m]));
        for (const m of [...a.messages, ...b.messages]) {
          const kept = merged.get(m.id);
          if (!kept) throw new Error(`lost ${m.id}`);
          expect(laterMessage(kept, m)).toBe(kept);
          if (m.status === 'deleted') expect(kept.status).toBe('deleted');
          // Apart from a tombstone (which ends every attempt), a merge never goes back to an older run.
          if (kept.status !== 'deleted') expect(kept.attempt ?? 1).toBeGreaterThanOrEqual(m.attempt ?? 1);
        }
      }),
    );
  });

  test('what it makes of stored copies can be stored again', () => {
    fc.assert(
      fc.property(threeCopies, ([a, b]) => {
        const stored = (t: Transcript): Transcript => {
          const messages = t.messages.filter((m) => m.status !== 'streaming').map((m, seq) => ({ ...m, seq }));
          return mergeTranscripts({ ...t, messages }, { ...t, messages });
        };
        const merged = mergeTranscripts(stored(a), stored(b));
        const parsed = parseTranscript(merged);
        expect(parsed.ok ? 'ok' : parsed.error).toBe('ok');
      }),
    );
  });

  test.each<[string, Partial<Message>, Partial<Message>, 'a' | 'b']>([
    ['a tombstone wins over a later attempt', { status: 'deleted', content: '' }, { attempt: 3, content: 'x' }, 'a'],
    [
      'a higher attempt wins over an ended reply',
      { status: 'error', error: 'e' },
      { attempt: 2, status: 'streaming' },
      'b',
    ],
    [
      'an ended reply wins over a streaming one',
      { status: 'complete', content: 'ab' },
      { status: 'streaming', content: 'abc' },
      'a',
    ],
    [
      'longer streaming content wins',
      { status: 'streaming', content: 'ab' },
      { status: 'streaming', content: 'abc' },
      'b',
    ],
  ])('%s', (_name, a, b, winner) => {
    const base: Message = {
      id: 'x',
      seq: 0,
      role: 'assistant',
      speaker: 'claude',
      content: '',
      status: 'complete',
      createdAt: at(0),
    };
    const ma = { ...base, ...a };
    const mb = { ...base, ...b };
    expect(laterMessage(ma, mb)).toBe(winner === 'a' ? ma : mb);
    expect(laterMessage(mb, ma)).toBe(winner === 'a' ? ma : mb);
  });

  test('the title follows the first user message that is not deleted', () => {
    const t: Transcript = {
      version: 7,
      id: 't1',
      title: 'stale',
      createdAt: at(0),
      updatedAt: at(0),
      participants: ['claude'],
      messages: [
        { id: 'a', seq: 0, role: 'user', speaker: 'user', content: '', status: 'deleted', createdAt: at(1) },
        {
          id: 'b',
          seq: 1,
          role: 'user',
          speaker: 'user',
          content: 'Second\nline two',
          status: 'complete',
          createdAt: at(2),
        },
      ],
    };
    expect(mergeTranscripts(t, t).title).toBe('Second');
  });

  test('a rename and a "speaking to" keep the later choice, whichever side made it; the title is the rename', () => {
    const t: Transcript = {
      version: 7,
      id: 't1',
      title: 'Question',
      createdAt: at(0),
      updatedAt: at(0),
      participants: ['claude', 'gpt'],
      messages: [
        { id: 'a', seq: 0, role: 'user', speaker: 'user', content: 'Question', status: 'complete', createdAt: at(1) },
      ],
    };
    const early = { ...t, renamed: { value: 'Early', at: at(5) }, speakingTo: { value: 'gpt', at: at(9) } };
    const late = { ...t, renamed: { value: 'Late', at: at(7) }, speakingTo: { value: 'claude', at: at(8) } };
    for (const merged of [mergeTranscripts(early, late), mergeTranscripts(late, early)]) {
      expect(merged.renamed).toEqual({ value: 'Late', at: at(7) });
      expect(merged.title).toBe('Late');
      expect(merged.speakingTo).toEqual({ value: 'gpt', at: at(9) });
    }
    // A side that never chose does not undo the other's choice.
    expect(mergeTranscripts(t, late).renamed).toEqual(late.renamed);
    expect(mergeTranscripts(t, t).renamed).toBeUndefined();
  });

  test('a discussion mode keeps the later choice; plans are the union of both sides, in the order they were made', () => {
    const question: Message = {
      id: 'q',
      seq: 0,
      role: 'user',
      speaker: 'user',
      content: 'Q',
      status: 'complete',
      createdAt: at(0),
    };
    const t: Transcript = {
      version: 7,
      id: 't1',
      title: 'Q',
      createdAt: at(0),
      updatedAt: at(0),
      participants: ['claude', 'gpt'],
      messages: [question],
    };
    const [first] = plansFor('q', at(1));
    const later = { ...(plansFor('q', at(2))[2] as TurnPlan) };
    const a = { ...t, mode: { value: 'council' as const, at: at(4) }, plans: [later] };
    const b = { ...t, mode: { value: 'independent' as const, at: at(3) }, plans: [first as TurnPlan] };
    for (const merged of [mergeTranscripts(a, b), mergeTranscripts(b, a)]) {
      expect(merged.mode).toEqual({ value: 'council', at: at(4) });
      expect(merged.plans?.map((p) => p.id)).toEqual(['p-q', 'q-q']);
    }
    expect(mergeTranscripts(t, t).plans).toBeUndefined();
  });

  test('refuses to merge two different threads', () => {
    const t = {
      version: 7 as const,
      id: 'a',
      title: '',
      createdAt: at(0),
      updatedAt: at(0),
      participants: [],
      messages: [],
    };
    expect(() => mergeTranscripts(t, { ...t, id: 'b' })).toThrow(/cannot merge/);
  });
});
