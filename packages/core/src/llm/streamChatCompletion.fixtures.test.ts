// Replays recorded-style CLIProxyAPI responses over real HTTP (the fake proxy's `raw` scenario writes each chunk
// verbatim, one write per chunk) and checks the events the client makes of them. One fixture file per case.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FakeProxy, type RawScenario, startFakeProxy } from '@roundtable/testkit';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isAuthUnavailable } from './describeErrorBody';
import { streamChatCompletion } from './streamChatCompletion';
import type { StreamEvent } from './types';

const ExpectedEvent = v.variant('type', [
  v.strictObject({ type: v.literal('delta'), text: v.string() }),
  v.strictObject({
    type: v.literal('usage'),
    usage: v.strictObject({ inputTokens: v.number(), outputTokens: v.number() }),
  }),
  v.strictObject({ type: v.literal('finish'), reason: v.nullable(v.string()) }),
  v.strictObject({
    type: v.literal('error'),
    error: v.strictObject({
      kind: v.string(),
      status: v.optional(v.number()),
      retryAfterSeconds: v.optional(v.number()),
      /** Messages are prose: the fixture pins the provider text and the advice they must contain. */
      messageIncludes: v.pipe(v.array(v.string()), v.minLength(1)),
    }),
  }),
]);

const responseEntries = {
  status: v.number(),
  headers: v.record(v.string(), v.string()),
  chunks: v.optional(v.array(v.string())),
  /** For bytes that are not valid UTF-8 on their own (a character split between chunks). */
  chunksBase64: v.optional(v.array(v.string())),
  /** After the last chunk, keep the connection open until the client gives up (silence: the timeout cases). */
  holdOpen: v.optional(v.boolean()),
};
const oneKindOfChunks = (f: { chunks?: unknown; chunksBase64?: unknown }) =>
  (f.chunks === undefined) !== (f.chunksBase64 === undefined);
const ONE_KIND = 'exactly one of chunks, chunksBase64';
const Response = v.pipe(
  v.strictObject(responseEntries),
  v.check((f) => oneKindOfChunks(f), ONE_KIND),
);

const Fixture = v.pipe(
  v.strictObject({
    ...responseEntries,
    description: v.string(),
    /** A 5xx before the stream is retried once; this is what the retry gets (default: the same response again). */
    retryResponse: v.optional(Response),
    /** Client timeouts for this case (defaults are 30 s and 120 s, far beyond a test). */
    timeouts: v.optional(v.strictObject({ firstByteMs: v.optional(v.number()), stallMs: v.optional(v.number()) })),
    expected: v.pipe(v.array(ExpectedEvent), v.minLength(1)),
  }),
  v.check((f) => oneKindOfChunks(f), ONE_KIND),
);

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtures = readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...v.parse(Fixture, JSON.parse(readFileSync(`${fixturesDir}${file}`, 'utf8'))) }));

const ACCESS_KEY = 'local-fixture-access-key';
let proxy: FakeProxy;

beforeAll(async () => {
  proxy = await startFakeProxy({ accessKeys: [ACCESS_KEY] });
});
afterAll(() => proxy.close());

function rawScenario(response: v.InferOutput<typeof Response>): RawScenario {
  const chunks =
    response.chunks ?? (response.chunksBase64 ?? []).map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
  return {
    kind: 'raw',
    status: response.status,
    headers: response.headers,
    chunks,
    chunkDelayMs: 5,
    ...(response.holdOpen ? { holdOpen: true } : {}),
  };
}

/**
 * Consecutive deltas joined into one: how text is split into deltas follows the network's chunks (the client sends one
 * delta per chunk it reads), which is not part of the contract; the text and the order of events are.
 */
function joinDeltas<E extends { type: string }>(events: readonly E[]): E[] {
  const out: E[] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (event.type === 'delta' && last?.type === 'delta') {
      out[out.length - 1] = {
        ...last,
        text: (last as E & { text: string }).text + (event as E & { text: string }).text,
      };
    } else {
      out.push(event);
    }
  }
  return out;
}

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return joinDeltas(out);
}

test('there is a fixture for each case', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(29);
});

test.each(fixtures)('$file: $description', async (fixture) => {
  const before = proxy.requests.length;
  // A 5xx before the stream is retried once (not the proxy's own 503 auth_unavailable: that lasts a minute or more);
  // serve the same answer to the retry so the fixture is what is seen.
  const retried = fixture.status >= 500 && !isAuthUnavailable(fixture.status, (fixture.chunks ?? []).join(''));
  proxy.enqueue(rawScenario(fixture));
  if (retried) proxy.enqueue(rawScenario(fixture.retryResponse ?? fixture));

  const events = await collect(
    streamChatCompletion(
      {
        baseUrl: `${proxy.url}/v1`,
        accessKey: ACCESS_KEY,
        model: 'claude-sonnet-4-6',
        messages: [{ role: 'user', content: 'Hello' }],
        retryDelayMs: 1,
        ...(fixture.timeouts ? { timeouts: fixture.timeouts } : {}),
      },
      new AbortController().signal,
    ),
  );

  const expectedEvents = joinDeltas(fixture.expected);
  expect(events.map((e) => e.type)).toEqual(expectedEvents.map((e) => e.type));
  expectedEvents.forEach((expected, i) => {
    const actual = events[i];
    if (expected.type !== 'error') {
      expect(actual).toEqual(expected);
      return;
    }
    if (actual?.type !== 'error') throw new Error(`event ${i} should be an error`);
    const { messageIncludes, ...exact } = expected.error;
    expect({
      kind: actual.error.kind,
      status: actual.error.status,
      retryAfterSeconds: actual.error.retryAfterSeconds,
    }).toEqual({
      kind: exact.kind,
      status: exact.status,
      retryAfterSeconds: exact.retryAfterSeconds,
    });
    for (const text of messageIncludes) expect(actual.error.message).toContain(text);
    expect(actual.error.message).not.toContain(ACCESS_KEY);
  });
  expect(proxy.requests.length - before).toBe(retried ? 2 : 1);
  // A timeout must not leave the connection open: the client aborts the request down to the socket.
  if (fixture.holdOpen) expect(await proxy.whenResponseClosed(before)).toBe('aborted');
});
