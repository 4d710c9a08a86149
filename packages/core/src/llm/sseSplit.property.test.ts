// How a body is cut into network chunks is the network's business: for every recorded fixture, any split of its bytes
// (inside a multi-byte UTF-8 character, between CR and LF, inside `data:`, one byte at a time, with empty reads)
// gives the same events as the whole body in one read. The fixtures test replays each file's own chunks over real
// HTTP; this one replays arbitrary splits through a fake fetch, so it can try thousands of them.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { SseReader } from './sseReader';
import { streamChatCompletion } from './streamChatCompletion';
import type { StreamEvent } from './types';

/** Only what replaying a fixture needs; streamChatCompletion.fixtures.test.ts checks the files' full shape. */
const RecordedResponse = v.object({
  status: v.number(),
  headers: v.record(v.string(), v.string()),
  chunks: v.optional(v.array(v.string())),
  chunksBase64: v.optional(v.array(v.string())),
  holdOpen: v.optional(v.boolean()),
});
type RecordedResponse = v.InferOutput<typeof RecordedResponse>;
const RecordedFixture = v.object({ ...RecordedResponse.entries, retryResponse: v.optional(RecordedResponse) });

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const all = readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...v.parse(RecordedFixture, JSON.parse(readFileSync(`${fixturesDir}${file}`, 'utf8'))) }));
// The timeout cases hold the connection open until the client gives up: they are about time, not about bytes.
const fixtures = all.filter((f) => !f.holdOpen);

/** A fixture's body as the bytes the server wrote, all of them in one piece. */
function bytesOf(response: RecordedResponse): Uint8Array {
  const parts = response.chunksBase64
    ? response.chunksBase64.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')))
    : (response.chunks ?? []).map((text) => new TextEncoder().encode(text));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** The bytes cut at `cuts` (sorted offsets in [0, length]; a repeated offset makes an empty read). */
function split(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const bounds = [0, ...cuts, bytes.byteLength];
  return bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
}

/** A body that hands over exactly these chunks, one per read. */
function body(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

const SPLIT = {
  /** Cutting before a continuation byte (10xxxxxx) cuts a multi-byte character. */
  insideUtf8: (b: Uint8Array, i: number) => (b[i] ?? 0) >> 6 === 0b10,
  betweenCrAndLf: (b: Uint8Array, i: number) => b[i - 1] === 0x0d && b[i] === 0x0a,
  betweenTwoNewlines: (b: Uint8Array, i: number) => b[i - 1] === 0x0a && b[i] === 0x0a,
  insideDataField: (b: Uint8Array, i: number) =>
    [1, 2, 3, 4].some((k) => new TextDecoder().decode(b.subarray(i - k, i - k + 5)) === 'data:'),
};

/** The offsets where a cut is most likely to break a careless parser. */
function trickyOffsets(bytes: Uint8Array, kind?: keyof typeof SPLIT): number[] {
  const kinds = kind ? [SPLIT[kind]] : Object.values(SPLIT);
  const out: number[] = [];
  for (let i = 1; i < bytes.byteLength; i++) if (kinds.some((is) => is(bytes, i))) out.push(i);
  return out;
}

/** Sorted cut offsets: a few anywhere, a few at tricky places, or very many (most reads a byte or two). */
function cutsOf(bytes: Uint8Array): fc.Arbitrary<number[]> {
  const n = bytes.byteLength;
  const tricky = trickyOffsets(bytes);
  const anywhere = fc.integer({ min: 0, max: n });
  const offset = tricky.length > 0 ? fc.oneof(anywhere, fc.constantFrom(...tricky)) : anywhere;
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.array(offset, { maxLength: 24 }) },
      { weight: 1, arbitrary: fc.array(anywhere, { minLength: Math.floor(n / 4), maxLength: n }) },
    )
    .map((cuts) => cuts.sort((a, b) => a - b));
}

/** One delta per network read is how the client batches, not part of the contract: compare the text. */
function joinDeltas(events: readonly StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (event.type === 'delta' && last?.type === 'delta')
      out[out.length - 1] = { ...last, text: last.text + event.text };
    else out.push(event);
  }
  return out;
}

type Fixture = (typeof fixtures)[number];

/** What a fetch answers: the fixture's response, then (a 5xx is retried once) its retry's. */
const responsesOf = (fixture: Fixture): [RecordedResponse, RecordedResponse] => [
  fixture,
  fixture.retryResponse ?? fixture,
];

/** The events of one completion whose responses arrive cut as `cut` says (`call`: 0, then 1 for the retry). */
async function eventsOf(
  fixture: Fixture,
  cut: (bytes: Uint8Array, call: number) => Uint8Array[],
): Promise<StreamEvent[]> {
  const [first, retry] = responsesOf(fixture);
  let call = 0;
  const fetch = async () => {
    const n = Math.min(call++, 1);
    const recorded = n === 0 ? first : retry;
    return new Response(body(cut(bytesOf(recorded), n)), { status: recorded.status, headers: recorded.headers });
  };
  const out: StreamEvent[] = [];
  const stream = streamChatCompletion(
    { baseUrl: 'http://127.0.0.1:1/v1', model: 'claude-sonnet-4-6', messages: [], fetch, retryDelayMs: 0 },
    new AbortController().signal,
  );
  for await (const event of stream) out.push(event);
  return joinDeltas(out);
}

/** Every `data` the reader hands back, over all reads. */
async function dataOf(chunks: readonly Uint8Array[]): Promise<string[]> {
  const reader = new SseReader(body(chunks).getReader(), new AbortController().signal, {
    waiting: () => {},
    received: () => {},
  });
  const out: string[] = [];
  for (let batch = await reader.next(); batch !== undefined; batch = await reader.next()) out.push(...batch);
  return out;
}

const whole = (bytes: Uint8Array) => [bytes];
const eventStreams = fixtures.flatMap((f) =>
  [f, f.retryResponse]
    .filter((r): r is RecordedResponse => r?.headers['Content-Type']?.startsWith('text/event-stream') === true)
    .map((r) => ({ file: f.file, bytes: bytesOf(r) })),
);

test('the fixtures hold every tricky place to cut, so the properties below meet them', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(27);
  const everywhere = (kind: keyof typeof SPLIT) => eventStreams.flatMap((s) => trickyOffsets(s.bytes, kind));
  for (const kind of Object.keys(SPLIT) as (keyof typeof SPLIT)[]) expect(everywhere(kind), kind).not.toEqual([]);
});

describe('any split of a recorded stream yields the events of the whole stream', () => {
  test.each(fixtures)('$file', async (fixture) => {
    const expected = await eventsOf(fixture, whole);
    expect(expected.length).toBeGreaterThan(0);
    const [first, retry] = responsesOf(fixture).map(bytesOf) as [Uint8Array, Uint8Array];
    await fc.assert(
      // Each response is cut its own way.
      fc.asyncProperty(fc.tuple(cutsOf(first), cutsOf(retry)), async (cuts) => {
        expect(await eventsOf(fixture, (bytes, call) => split(bytes, cuts[call] ?? []))).toEqual(expected);
      }),
      { numRuns: 100 },
    );
    const oneByteAtATime = (bytes: Uint8Array) =>
      split(
        bytes,
        Array.from({ length: bytes.byteLength }, (_, i) => i),
      );
    expect(await eventsOf(fixture, oneByteAtATime)).toEqual(expected);
    const atEveryTrickyPlace = (bytes: Uint8Array) => split(bytes, trickyOffsets(bytes));
    expect(await eventsOf(fixture, atEveryTrickyPlace)).toEqual(expected);
  });
});

describe('the SSE reader hands back the same data, whatever the split', () => {
  test.each(eventStreams)('$file', async ({ bytes }) => {
    const expected = await dataOf([bytes]);
    expect(expected.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(cutsOf(bytes), async (cuts) => {
        expect(await dataOf(split(bytes, cuts))).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });
});
