// Replays recorded-style CLIProxyAPI responses over real HTTP (the fake proxy's `raw` scenario writes each chunk
// verbatim, one write per chunk) and checks the events the client makes of them. One fixture file per case.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FakeProxy, type RawScenario, startFakeProxy } from '@roundtable/testkit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as z from 'zod';
import { isAuthUnavailable } from './describeErrorBody';
import { streamChatCompletion } from './streamChatCompletion';
import type { StreamEvent } from './types';

const ExpectedEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('delta'), text: z.string() }),
  z.strictObject({
    type: z.literal('usage'),
    usage: z.strictObject({ inputTokens: z.number(), outputTokens: z.number() }),
  }),
  z.strictObject({ type: z.literal('finish'), reason: z.string().nullable() }),
  z.strictObject({
    type: z.literal('error'),
    error: z.strictObject({
      kind: z.string(),
      status: z.number().optional(),
      retryAfterSeconds: z.number().optional(),
      /** Messages are prose: the fixture pins the provider text and the advice they must contain. */
      messageIncludes: z.array(z.string()).min(1),
    }),
  }),
]);

const Response = z
  .strictObject({
    status: z.number(),
    headers: z.record(z.string(), z.string()),
    chunks: z.array(z.string()).optional(),
    /** For bytes that are not valid UTF-8 on their own (a character split between chunks). */
    chunksBase64: z.array(z.string()).optional(),
    /** After the last chunk, keep the connection open until the client gives up (silence: the timeout cases). */
    holdOpen: z.boolean().optional(),
  })
  .refine((f) => (f.chunks === undefined) !== (f.chunksBase64 === undefined), 'exactly one of chunks, chunksBase64');

const Fixture = z.intersection(
  Response,
  z.strictObject({
    description: z.string(),
    /** A 5xx before the stream is retried once; this is what the retry gets (default: the same response again). */
    retryResponse: Response.optional(),
    /** Client timeouts for this case (defaults are 30 s and 120 s, far beyond a test). */
    timeouts: z.strictObject({ firstByteMs: z.number().optional(), stallMs: z.number().optional() }).optional(),
    expected: z.array(ExpectedEvent).min(1),
  }),
);

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtures = readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...Fixture.parse(JSON.parse(readFileSync(`${fixturesDir}${file}`, 'utf8'))) }));

const ACCESS_KEY = 'local-fixture-access-key';
let proxy: FakeProxy;

beforeAll(async () => {
  proxy = await startFakeProxy({ accessKeys: [ACCESS_KEY] });
});
afterAll(() => proxy.close());

function rawScenario(response: z.infer<typeof Response>): RawScenario {
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
