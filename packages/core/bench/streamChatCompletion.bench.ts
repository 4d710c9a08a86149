import { createParser } from 'eventsource-parser';
import { bench, describe } from 'vitest';
import { streamChatCompletion } from '../src/llm/streamChatCompletion';

// `pnpm bench`: how fast the client takes in a 5 MB stream, next to a bare eventsource-parser + JSON.parse loop
// over the same bytes (the least any client must do). Goal: the client at no less than 0.8x the bare loop.

/** Network reads: large ones, as a fast local proxy hands them over, and small ones, about one event per read. */
const READ_SIZES = [64 * 1024, 256];

function sseBody(targetBytes: number): Uint8Array {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const chunk = {
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      created: 1_755_000_000,
      model: 'gpt-5.5',
      choices: [{ index: 0, delta: { content: `token ${i} of a long answer, ` }, finish_reason: null }],
    };
    const event = `data: ${JSON.stringify(chunk)}\n\n`;
    parts.push(event);
    size += event.length;
  }
  parts.push(
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 20 } })}\n\n`,
    'data: [DONE]\n\n',
  );
  return new TextEncoder().encode(parts.join(''));
}

const body = sseBody(5 * 1024 * 1024);

/** The bytes as a network would hand them over, `readBytes` at a time. */
function stream(readBytes: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.length) {
        controller.close();
        return;
      }
      controller.enqueue(body.subarray(offset, offset + readBytes));
      offset += readBytes;
    },
  });
}

async function bareLoop(readBytes: number): Promise<number> {
  let length = 0;
  const parser = createParser({
    onEvent: (event) => {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as { choices?: { delta?: { content?: string } }[] };
      length += chunk.choices?.[0]?.delta?.content?.length ?? 0;
    },
  });
  const reader = stream(readBytes).getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  return length;
}

async function client(readBytes: number): Promise<number> {
  let length = 0;
  const fetch = async () =>
    new Response(stream(readBytes), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  for await (const event of streamChatCompletion(
    { baseUrl: 'http://127.0.0.1:1/v1', model: 'gpt-5.5', messages: [], fetch },
    new AbortController().signal,
  )) {
    if (event.type === 'delta') length += event.text.length;
  }
  return length;
}

for (const readBytes of READ_SIZES) {
  describe(`taking in a 5 MB stream in ${readBytes}-byte reads`, () => {
    bench('bare eventsource-parser + JSON.parse', async () => {
      await bareLoop(readBytes);
    });
    bench('streamChatCompletion', async () => {
      await client(readBytes);
    });
  });
}
