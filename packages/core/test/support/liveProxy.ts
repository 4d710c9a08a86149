import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterEach, beforeEach, expect } from 'vitest';
import type { ChatCompletionRequest, ChatMessage, StreamEvent } from '../../src/llm/types';

export const messages: ChatMessage[] = [
  { role: 'system', content: 'You are in a roundtable.' },
  { role: 'user', content: '[User]: What is 2 + 2?' },
];

/** A fresh fake CLIProxyAPI for each test of the calling file, and requests aimed at it. */
export function useLiveProxy(): {
  readonly proxy: FakeProxy;
  request(overrides?: Partial<ChatCompletionRequest>): ChatCompletionRequest;
} {
  let proxy: FakeProxy | undefined;
  beforeEach(async () => {
    proxy = await startFakeProxy();
  });
  afterEach(() => proxy?.close());
  const current = () => {
    if (!proxy) throw new Error('the fake proxy starts in beforeEach');
    return proxy;
  };
  return {
    get proxy() {
      return current();
    },
    request: (overrides = {}) => ({
      baseUrl: `${current().url}/v1`,
      model: 'claude-sonnet-4-6',
      messages,
      retryDelayMs: 10,
      ...overrides,
    }),
  };
}

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

export function text(events: StreamEvent[]): string {
  return events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
}

/** The single error the events end with (and fails the test when there is none, or more than one). */
export function onlyError(events: StreamEvent[]) {
  const last = events.at(-1);
  if (last?.type !== 'error') throw new Error(`expected an error last, got ${JSON.stringify(events)}`);
  expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
  return last.error;
}

export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

export const never = () => new AbortController().signal;
