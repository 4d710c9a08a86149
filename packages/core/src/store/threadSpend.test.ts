import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import type { Message } from '../transcript/schema';
import { MAX_SPEND_SEATS, SPEND_BUCKET_MS, SPEND_KEPT_BUCKETS } from './spendRecord';
import { SpendRecord } from './spendRecordSchema';
import { countsAsRequest, spendRecordOf } from './threadSpend';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const SLOT0 = T0 / SPEND_BUCKET_MS;
let n = 0;

/** A reply of `speaker` placed `atMs` after T0 that took `totalMs`, with its tokens. */
function reply(speaker: string, atMs: number, extra: Partial<Message> = {}, totalMs = 1_000): Message {
  return {
    id: `m${++n}`,
    seq: n,
    role: 'assistant',
    speaker,
    content: 'x',
    status: 'complete',
    usage: { inputTokens: 100, outputTokens: 10 },
    timing: { totalMs },
    createdAt: new Date(T0 + atMs).toISOString(),
    ...extra,
  };
}

describe('spendRecordOf', () => {
  test('counts each ended reply that reached its provider in the bucket it ended in, per seat', () => {
    const record = spendRecordOf([
      reply('claude', 0),
      reply('claude', 60_000, { status: 'error', usage: { inputTokens: 5, outputTokens: 0 } }),
      // Placed in one bucket, ended in the next: it counts where it ended.
      reply('gpt', SPEND_BUCKET_MS - 500, { usage: { inputTokens: 7, outputTokens: 3, estimated: true } }),
      reply('gpt', 0, { status: 'cancelled', usage: undefined }), // stopped while streaming: a request, no tokens
    ]);
    expect(record).toEqual({
      claude: [[SLOT0, 2, 105, 10]],
      gpt: [
        [SLOT0, 1, 0, 0],
        [SLOT0 + 1, 1, 7, 3, 1],
      ],
    });
    expect(v.is(SpendRecord, record)).toBe(true);
  });

  test('a reply still streaming, deleted, never sent, or not a reply is not a request', () => {
    const unsent = reply('claude', 0, { status: 'cancelled', usage: undefined, timing: undefined });
    const messages = [
      reply('claude', 0, { status: 'streaming' }),
      reply('claude', 0, { status: 'deleted', usage: undefined }),
      unsent,
      reply('user', 0, { role: 'user' }),
      reply('system', 0, { role: 'system' }),
    ];
    expect(messages.filter(countsAsRequest)).toEqual([]);
    expect(spendRecordOf(messages)).toEqual({});
    // A reply of a thread from before replies were timed counts by its tokens, at the time it was placed.
    expect(spendRecordOf([reply('claude', 0, { timing: undefined })])).toEqual({ claude: [[SLOT0, 1, 100, 10]] });
  });

  test('keeps only the 30 hours before the newest counted reply, so old buckets roll out as the thread goes on', () => {
    const hour = 3_600_000;
    const early = [reply('claude', 0), reply('gpt', hour)];
    expect(Object.keys(spendRecordOf(early))).toEqual(['claude', 'gpt']);
    const later = [...early, reply('claude', 30 * hour + 1)];
    const record = spendRecordOf(later);
    // The first claude reply is 30 hours before the newest: out. gpt's is 29 hours before: kept.
    expect(record.claude?.map((b) => b[0])).toEqual([SLOT0 + 120]);
    expect(record.gpt?.map((b) => b[0])).toEqual([SLOT0 + 4]);
    // A seat left with no bucket is left out altogether.
    expect(Object.keys(spendRecordOf([...later, reply('claude', 60 * hour)]))).toEqual(['claude']);
  });

  test('its size has a bound whatever the thread length: buckets per seat and seats per thread', () => {
    const long = Array.from({ length: 2_000 }, (_, i) => reply(i % 2 ? 'claude' : 'gpt', i * 5 * 60_000));
    const record = spendRecordOf(long);
    expect(record.claude).toHaveLength(SPEND_KEPT_BUCKETS);
    expect(record.gpt).toHaveLength(SPEND_KEPT_BUCKETS);
    expect(v.is(SpendRecord, record)).toBe(true);
    const crowd = Array.from({ length: MAX_SPEND_SEATS + 6 }, (_, i) => reply(`seat${i}`, i * SPEND_BUCKET_MS));
    const seats = Object.keys(spendRecordOf(crowd));
    expect(seats).toHaveLength(MAX_SPEND_SEATS);
    // Those that spent last are kept.
    expect(seats).toContain(`seat${MAX_SPEND_SEATS + 5}`);
    expect(seats).not.toContain('seat0');
  });

  test('is the same whatever order the messages come in (two windows write the same record)', () => {
    const messages = [reply('gpt', 0), reply('claude', 2_000_000), reply('claude', 1_000, { status: 'error' })];
    const a = JSON.stringify(spendRecordOf(messages));
    expect(JSON.stringify(spendRecordOf([...messages].reverse()))).toBe(a);
    expect(Object.keys(JSON.parse(a))).toEqual(['claude', 'gpt']);
  });

  test('a speaker that is not a participant id is left out (the record is keyed by ids only)', () => {
    expect(spendRecordOf([reply('__proto__', 0), reply('Claude X', 0)])).toEqual({});
  });
});
