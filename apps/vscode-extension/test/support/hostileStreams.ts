import { gzipSync } from 'node:zlib';

// Bytes for the fake proxy's `raw` scenario: hand-made event streams, well formed up to the point where they are not.

export const SSE = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };
export const DONE = 'data: [DONE]\n\n';

export function event(data: string): string {
  return `data: ${data}\n\n`;
}

/** One OpenAI-style chunk carrying `content` (a string, or anything else to break the shape). */
export function contentChunk(content: unknown, finishReason: string | null = null): string {
  return event(
    JSON.stringify({
      id: 'chatcmpl-hostile',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'gpt-5.5',
      choices: [{ index: 0, delta: { content }, finish_reason: finishReason }],
    }),
  );
}

/** A whole valid stream of `pieces`, then the finish chunk and `[DONE]`. */
export function wholeStream(pieces: string[]): string {
  return [...pieces.map((piece) => contentChunk(piece)), contentChunk('', 'stop'), DONE].join('');
}

/**
 * A gzip body that starts with `prefix` and then expands to `expandedBytes` of comment lines: small on the wire
 * (about a thousandth), huge once `fetch` has undone it. Lines of 1 KiB keep the parser's work per byte low.
 */
export function gzipBomb(prefix: string, expandedBytes: number): Buffer {
  const line = `: ${'x'.repeat(1021)}\n`;
  return gzipSync(Buffer.concat([Buffer.from(prefix), Buffer.alloc(expandedBytes, line)]), { level: 9 });
}

/** `bytes` cut into pieces of `size`, each written as its own network chunk by the `raw` scenario. */
export function pieces(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}
