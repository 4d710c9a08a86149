import { vi } from 'vitest';
import type { ChatCompletionRequest, StreamEvent } from '../../src/llm/types';

// A fake `fetch` for the streaming client's tests, whose responses the test writes piece by piece, and the requests,
// collecting and clock helpers that go with it.

export const MODEL = 'claude-sonnet-4-6';
export const BASE_URL = 'http://proxy.test/v1';
export const SSE = { 'Content-Type': 'text/event-stream' };
const encoder = new TextEncoder();

export const chunk = (content: string, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }], ...extra })}\n\n`;
export const DONE = 'data: [DONE]\n\n';

/** A body the test writes into while the client reads it. */
export function openBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    write: (piece: string) => controller?.enqueue(encoder.encode(piece)),
    end: () => controller?.close(),
  };
}

/** An event stream whose pieces arrive as separate network chunks. */
export function sse(pieces: string[], headers: Record<string, string> = SSE): Response {
  const body = openBody();
  for (const piece of pieces) body.write(piece);
  body.end();
  return new Response(body.body, { status: 200, headers });
}

export function jsonError(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: { message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type Answer = Response | Error | (() => Promise<Response>);

/** A `fetch` that answers each request with the next answer, and records what was asked. */
export function fakeFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    const answer = answers[calls.length - 1];
    if (answer === undefined) return Promise.reject(new Error(`unexpected request ${calls.length}`));
    if (answer instanceof Error) return Promise.reject(answer);
    return answer instanceof Response ? Promise.resolve(answer) : answer();
  };
  return { fetch, calls };
}

export function request(fetch: ChatCompletionRequest['fetch'], overrides: Partial<ChatCompletionRequest> = {}) {
  return {
    baseUrl: BASE_URL,
    model: MODEL,
    messages: [{ role: 'user' as const, content: 'hi' }],
    retryDelayMs: 0,
    fetch,
    ...overrides,
  };
}

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

export const never = () => new AbortController().signal;

/** Lets every pending promise job and stream read run (setImmediate is never faked here). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

export function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}
