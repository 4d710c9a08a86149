import { describe, expect, test } from 'vitest';
import { mergeTranscripts } from '../transcript/merge';
import type { TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';

import { journalEntry, journalLine, parseJournalLine, replayJournal } from './journal';

const at = (ms: number) => new Date(Date.parse('2026-05-01T10:00:00.000Z') + ms).toISOString();

function message(n: number, patch: Partial<Message> = {}): Message {
  const role = n % 2 === 0 ? 'user' : 'assistant';
  return {
    id: `m${n}`,
    seq: n,
    role,
    speaker: role === 'user' ? 'user' : 'claude',
    content: `message ${n}`,
    status: 'complete',
    createdAt: at(n),
    ...patch,
  };
}

function thread(count: number, patch: Partial<Transcript> = {}): Transcript {
  return {
    version: 7,
    id: 't1',
    title: 'message 0',
    createdAt: at(0),
    updatedAt: at(count),
    participants: ['claude'],
    messages: Array.from({ length: count }, (_, n) => message(n)),
    ...patch,
  };
}

/** The entry from `before` to `after`, read back from its journal line. */
function roundTrip(before: Transcript, after: Transcript): Transcript {
  const entry = journalEntry(before, after);
  if (!entry) throw new Error('nothing changed');
  const line = journalLine(entry);
  expect(line.endsWith('\n')).toBe(true);
  expect(line.slice(0, -1)).not.toContain('\n');
  const read = parseJournalLine(line.slice(0, -1), 't1');
  if (!read.ok) throw new Error(read.reason);
  return read.entry;
}

describe('journal entries', () => {
  test('hold only what changed: the added and changed messages, the new plans, and the head', () => {
    const before = thread(4);
    const after = thread(6);
    after.messages[1] = message(1, { content: 'message 1, edited' });
    const entry = roundTrip(before, after);
    expect(entry.messages.map((m) => m.id)).toEqual(['m1', 'm4', 'm5']);
    expect(entry.updatedAt).toBe(at(6));
  });

  test('a message renumbered by a merge (only its seq moved) is not written again', () => {
    const before = thread(3);
    const after = { ...before, messages: before.messages.map((m) => ({ ...m, seq: m.seq + 1 })) };
    expect(journalEntry(before, after)).toBeUndefined();
  });

  test('nothing changed: no entry; a choice alone changed: an entry without messages', () => {
    const before = thread(3);
    expect(journalEntry(before, { ...before, messages: [...before.messages] })).toBeUndefined();
    const renamed = { ...before, renamed: { value: 'Named', at: at(9) }, title: 'Named' };
    const entry = roundTrip(before, renamed);
    expect(entry.messages).toEqual([]);
    expect(replayJournal(before, [entry]).transcript.title).toBe('Named');
  });
});

describe('replaying a journal', () => {
  test('gives the thread that was saved, line after line', () => {
    const states = [thread(2), thread(4), thread(5), thread(8)];
    const entries = states.slice(1).map((t, i) => roundTrip(states[i] as Transcript, t));
    expect(replayJournal(thread(2), entries)).toEqual({ transcript: thread(8), rejected: [] });
  });

  test('is idempotent: entries replayed over a base that already holds them (a crash before emptying the journal)', () => {
    const entries = [roundTrip(thread(2), thread(4)), roundTrip(thread(4), thread(6))];
    const compacted = replayJournal(thread(2), entries).transcript;
    expect(replayJournal(compacted, entries).transcript).toEqual(compacted);
    expect(replayJournal(compacted, [...entries, ...entries]).transcript).toEqual(thread(6));
  });

  test("two writers' entries, interleaved in either order, give the same thread", () => {
    const base = thread(2);
    const mine = { ...base, messages: [...base.messages, message(2)], updatedAt: at(2) };
    const theirs = { ...base, messages: [...base.messages, message(3, { createdAt: at(3) })], updatedAt: at(3) };
    const a = roundTrip(base, mine);
    const b = roundTrip(base, theirs);
    const ab = replayJournal(base, [a, b]).transcript;
    expect(replayJournal(base, [b, a]).transcript).toEqual(ab);
    expect(ab).toEqual(mergeTranscripts(mine, theirs));
    expect(ab.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm3']);
  });

  test('an entry that would break the thread is left out, with its reason; the others and the base are kept', () => {
    const good = roundTrip(thread(2), thread(3));
    // A reply by a speaker who is not a participant: a valid message, an invalid thread.
    const stranger = { ...thread(2), messages: [message(5, { speaker: 'stranger' })], updatedAt: at(5) };
    const later = roundTrip(thread(3), thread(4));
    const replayed = replayJournal(thread(2), [good, stranger, later]);
    expect(replayed.transcript).toEqual(thread(4));
    expect(replayed.rejected).toHaveLength(1);
    expect(replayed.rejected[0]?.index).toBe(1);
    expect(replayed.rejected[0]?.reason).toMatch(/stranger/);
  });
});

describe('reading a journal line', () => {
  test.each([
    ['{"journal":1,"thread":{"version":4', /not valid JSON/],
    ['[1,2]', /not a journal entry/],
    ['{"thread":{}}', /not a journal entry/],
    ['{"journal":1,"thread":{"version":4,"id":"t1"}}', /invalid entry/],
  ])('refuses %s', (line, reason) => {
    const read = parseJournalLine(line, 't1');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toMatch(reason);
  });

  test("refuses another thread's entry and a streaming message", () => {
    const entry = journalEntry(thread(1), thread(2)) as Transcript;
    expect(parseJournalLine(journalLine(entry).trim(), 'other')).toMatchObject({ ok: false, reason: /another/ });
    const streaming = { ...entry, messages: [message(1, { status: 'streaming' })] };
    expect(parseJournalLine(journalLine(streaming).trim(), 't1')).toMatchObject({ ok: false, reason: /streaming/ });
  });

  test('reads a reply still streaming written with its turn’s lease, and replays it under the line that ends it', () => {
    const lease = { plan: 'p1', token: 'l1', owner: 'w', pid: 7, host: 'h', heartbeat: at(1) };
    const plans: TurnPlan[] = [
      {
        id: 'p1',
        createdAt: at(0),
        kind: 'message',
        mode: 'independent',
        question: 'm0',
        round: 1,
        steps: [{ kind: 'answer', seats: ['claude'], reads: 'blind', names: 'labelled', concurrency: 1 }],
      },
    ];
    const planned = (count: number, patch: Partial<Transcript> = {}) => thread(count, { plans, ...patch });
    const reply = message(1, { status: 'streaming', content: 'so far', step: { plan: 'p1', index: 0 } });
    const checkpoint = journalEntry(planned(1), planned(1, { messages: [message(0), reply], leases: [lease] }));
    const read = parseJournalLine(journalLine(checkpoint as Transcript).trim(), 't1');
    expect(read).toMatchObject({ ok: true, entry: { messages: [{ status: 'streaming', content: 'so far' }] } });
    // The lease ended without the line that ends the reply: the reply cannot be written as streaming.
    const unleased = { ...(checkpoint as Transcript), leases: [{ ...lease, ended: at(2) }] };
    expect(parseJournalLine(journalLine(unleased).trim(), 't1')).toMatchObject({ ok: false, reason: /streaming/ });
    const ended = journalEntry(
      planned(1),
      planned(1, {
        messages: [message(0), { ...reply, status: 'complete', content: 'so far, and done' }],
        leases: [{ ...lease, ended: at(2) }],
      }),
    );
    if (!read.ok || !ended) throw new Error('unreachable');
    const replayed = replayJournal(planned(1), [read.entry, ended]);
    expect(replayed.rejected.map((r) => r.reason)).toEqual([]);
    expect(replayed.transcript.messages[1]).toMatchObject({ status: 'complete', content: 'so far, and done' });
  });

  test('tells a line of a newer Roundtable apart from a broken one', () => {
    expect(parseJournalLine('{"journal":2,"thread":{}}', 't1')).toMatchObject({ ok: false, newer: true });
    expect(parseJournalLine('{"journal":1,"thread":{"version":99}}', 't1')).toMatchObject({ ok: false, newer: true });
  });

  test('a line written before an upgrade (format 4) is replayed, and one of format 4 with images is not', () => {
    const entry = journalEntry(thread(1), thread(2)) as Transcript;
    const older = JSON.stringify({ journal: 1, thread: { ...entry, version: 4 } });
    expect(parseJournalLine(older, 't1')).toEqual({ ok: true, entry });
    const image = { sha256: 'ab'.repeat(32), mime: 'image/png', bytes: 10 };
    const impossible = { ...entry, version: 4, messages: [{ ...message(2), images: [image] }] };
    const read = parseJournalLine(JSON.stringify({ journal: 1, thread: impossible }), 't1');
    expect(read).toMatchObject({ ok: false, reason: /images/ });
  });
});
