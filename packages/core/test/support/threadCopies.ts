import fc from 'fast-check';
import { kept } from '../../src/transcript/leaseMerge';
import { comparePlans } from '../../src/transcript/order';
import type { TurnPlan } from '../../src/transcript/plan';
import type { Message, Transcript } from '../../src/transcript/schema';
import type { TurnLease } from '../../src/transcript/turnLease';

// Copies of one thread as different windows hold it, for the merge's properties: each copy picks some of a pool of
// messages, each in one of the versions a message goes through, with plans, thread-level choices and turn leases.

export const BASE = Date.parse('2026-05-01T10:00:00.000Z');
export const at = (ms: number) => new Date(BASE + ms).toISOString();

/** Every version one message can have, as windows see it at different moments. */
export function versionsOf(id: string, role: 'user' | 'assistant', createdAt: string): Message[] {
  const base = { id, seq: 0, createdAt };
  if (role === 'user') {
    return [
      { ...base, role, speaker: 'user', content: `question ${id}`, status: 'complete' },
      { ...base, role, speaker: 'user', content: '', status: 'deleted' },
    ];
  }
  const speaker = id.charCodeAt(id.length - 1) % 2 === 0 ? 'claude' : 'gpt';
  const reply = { ...base, role, speaker };
  return [
    { ...reply, content: '', status: 'streaming' },
    { ...reply, content: 'Hel', status: 'streaming' },
    { ...reply, content: 'Hello', status: 'complete', usage: { inputTokens: 3, outputTokens: 2 } },
    { ...reply, content: 'He', status: 'error', error: 'HTTP 500' },
    { ...reply, content: 'He', status: 'cancelled' },
    { ...reply, content: 'Again', status: 'complete', attempt: 2 },
    { ...reply, content: 'A', status: 'streaming', attempt: 3 },
    { ...reply, content: '', status: 'deleted' },
    { ...reply, content: '', status: 'deleted', attempt: 2 },
  ];
}

/** A pool of messages of one thread; a copy picks some of them, each in one of its versions. */
const pool = fc
  .array(
    fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), time: fc.integer({ min: 0, max: 5 }) }),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((specs) => specs.map((s, i) => versionsOf(`m${i}`, s.role, at(s.time))));

function copyOf(versions: Message[][]): fc.Arbitrary<Transcript> {
  return fc
    .tuple(
      fc.array(fc.option(fc.nat(), { nil: undefined }), { minLength: versions.length, maxLength: versions.length }),
      fc.integer({ min: 0, max: 9 }),
      fc.subarray(['claude', 'gpt', 'gemini']),
      fc.option(stamp(['Renamed', 'Other name']), { nil: undefined }),
      fc.option(stamp(['claude', 'gpt']), { nil: undefined }),
      fc.option(stamp(['discuss', 'council'] as const), { nil: undefined }),
      fc.array(fc.nat(), { minLength: versions.length, maxLength: versions.length }),
      fc.array(fc.option(fc.nat(), { nil: undefined }), { minLength: 3, maxLength: 3 }),
    )
    .map(([picks, updated, participants, renamed, speakingTo, mode, planPicks, leasePicks]) => {
      const messages = picks.flatMap((pick, i) => {
        const options = versions[i] ?? [];
        return pick === undefined ? [] : [options[pick % options.length] as Message];
      });
      // A window holds a plan only with the user message it answers (it appended that first).
      const plans = messages
        .filter((m) => m.role === 'user')
        .flatMap((m) => {
          const options = plansFor(m.id, m.createdAt);
          const pick = planPicks[Number(m.id.slice(1))] ?? 0;
          return pick % 3 === 0 ? [] : [options[pick % options.length] as TurnPlan];
        })
        .sort(comparePlans);
      return {
        version: 7 as const,
        id: 't1',
        title: 'ignored',
        createdAt: at(updated % 3),
        updatedAt: at(updated),
        participants: [...participants, 'claude', 'gpt'].filter((p, i, all) => all.indexOf(p) === i),
        messages: messages.map((m, seq) => ({ ...m, seq })),
        ...(renamed ? { renamed } : {}),
        ...(speakingTo ? { speakingTo } : {}),
        ...(mode ? { mode } : {}),
        ...(plans.length > 0 ? { plans } : {}),
        ...leasesOf(leasePicks),
      };
    });
}

/**
 * A window's copy of three turn leases: each absent, or one of the versions a lease goes through (renewed at one of a
 * few instants, ended, ended as interrupted; ties on purpose).
 */
function leasesOf(picks: readonly (number | undefined)[]): { leases?: TurnLease[] } {
  const leases = picks.flatMap((pick, i): TurnLease[] => {
    if (pick === undefined) return [];
    const lease: TurnLease = {
      plan: `p${i}`,
      token: `l${i}`,
      owner: `w${i % 2}`,
      pid: 10 + i,
      host: 'h',
      heartbeat: at(pick % 3),
    };
    const versions: TurnLease[] = [
      lease,
      { ...lease, ended: at(3) },
      { ...lease, ended: at(3), interrupted: true },
      { ...lease, ended: at(4) },
    ];
    return [versions[pick % versions.length] as TurnLease];
  });
  return leases.length > 0 ? { leases: kept(leases) } : {};
}

/**
 * The plans a window may have made for a user message: one of two under the same id (which a correct program does
 * not make, and which the merge must still settle the same way on every side) or a later one of its own.
 */
export function plansFor(question: string, createdAt: string): TurnPlan[] {
  const plan = (id: string, round: number): TurnPlan => ({
    id,
    createdAt,
    kind: 'message',
    mode: 'independent',
    question,
    round,
    steps: [{ kind: 'answer', seats: ['claude', 'gpt'], reads: 'blind', names: 'labelled', concurrency: 2 }],
  });
  return [plan(`p-${question}`, 1), plan(`p-${question}`, 2), plan(`q-${question}`, 1)];
}

/** A thread-level choice made at one of a few instants (ties on purpose). */
function stamp<T extends string>(values: readonly T[]) {
  return fc.record({ value: fc.constantFrom(...values), at: fc.integer({ min: 0, max: 3 }).map(at) });
}

export const threeCopies = pool.chain((versions) => fc.tuple(copyOf(versions), copyOf(versions), copyOf(versions)));
