import { afterEach, beforeEach } from 'vitest';
import { type FakeProxy, startFakeProxy } from '../../src/fakeProxy';
import { jsonChunks, readFrames } from '../../src/readFrames';

let proxy: FakeProxy;

/** A fresh fake proxy (2 ms between chunks) for each test of the calling file; returns a getter for it. */
export function useFakeProxy(): () => FakeProxy {
  beforeEach(async () => {
    proxy = await startFakeProxy({ chunkDelayMs: 2 });
  });
  afterEach(() => proxy.close());
  return () => proxy;
}

export type Chunk = Record<string, unknown> & {
  choices: { delta: Record<string, unknown>; finish_reason: string | null; [key: string]: unknown }[];
  usage?: Record<string, unknown>;
};

export const say = (content: string, model = 'claude-sonnet-4-6', stream = true) =>
  fetch(`${proxy.url}/v1/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({
      model,
      stream,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content },
      ],
    }),
  });

export async function streamed(content: string, model = 'claude-sonnet-4-6') {
  const res = await say(content, model);
  const frames = readFrames(await res.text());
  return { res, frames, chunks: jsonChunks(frames) as Chunk[] };
}

export const textOf = (chunks: Chunk[]) => chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');

/** True when nothing more arrives on `reader` within `ms` (the fake is silent for far longer). */
export async function silentFor(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
  const timer = new Promise<'silent'>((resolve) => setTimeout(() => resolve('silent'), ms));
  return (await Promise.race([reader.read(), timer])) === 'silent';
}

/** Reads until `count` data frames have arrived; returns the text so far. */
export async function readDataFrames(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (readFrames(text).data.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}
