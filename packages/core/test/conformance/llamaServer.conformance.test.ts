import { describeRealModel, type RealModel } from '@roundtable/testkit';
import { expect, test } from 'vitest';
import { streamChatCompletion } from '../../src/llm/streamChatCompletion';
import type { ChatCompletionRequest, ChatError, StreamEvent } from '../../src/llm/types';
import { UsageAsk } from '../../src/llm/usageAsk';

// The streaming client against llama.cpp's own server on a real model (SmolLM2-135M): the cases of the proxy's
// conformance suite that apply to a keyless local server, and what only such a server does. The model's words are
// never asserted: it is there for its protocol, not its answers.

async function run(model: RealModel, overrides: Partial<ChatCompletionRequest> = {}, signal?: AbortSignal) {
  const events: StreamEvent[] = [];
  const request: ChatCompletionRequest = {
    baseUrl: model.baseUrl,
    model: 'smol-a',
    messages: [{ role: 'user', content: 'Say hello in five words.' }],
    maxTokens: 24,
    retryDelayMs: 10,
    ...overrides,
  };
  for await (const event of streamChatCompletion(request, signal ?? new AbortController().signal)) events.push(event);
  const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
  const last = events.at(-1);
  const error: ChatError | undefined = last?.type === 'error' ? last.error : undefined;
  const usage = events.find((e) => e.type === 'usage');
  return { events, text, error, usage: usage?.type === 'usage' ? usage.usage : undefined, last };
}

describeRealModel('the client on', (model) => {
  test.each(['smol-a', 'smol-b', 'smol-c'])(
    '%s: a reply streams whole (the null-content role chunk, the finish chunk with timings), with real token counts',
    async (alias) => {
      const { text, usage, last, error } = await run(model(), { model: alias });
      expect(error).toBeUndefined();
      expect(text.length).toBeGreaterThan(0);
      expect(last?.type).toBe('finish');
      expect(usage?.inputTokens).toBeGreaterThan(0);
      expect(usage?.outputTokens).toBeGreaterThan(0);
      expect(usage?.outputTokens).toBeLessThanOrEqual(24);
    },
  );

  test('a reply that reaches the seat’s limit finishes for length, at exactly that many tokens', async () => {
    const { last, usage } = await run(model(), {
      maxTokens: 5,
      messages: [{ role: 'user', content: 'Write a long story about a lighthouse.' }],
    });
    expect(last).toEqual({ type: 'finish', reason: 'length' });
    expect(usage?.outputTokens).toBe(5);
  });

  test('usage is asked for and given: the endpoint is never marked as refusing it', async () => {
    const usage = new UsageAsk();
    const first = await run(model(), { usage });
    expect(first.usage).toBeDefined();
    expect(usage.asks).toBe(true);
  });

  test('a 400 before the stream is shown with the server’s own message', async () => {
    const { error, text } = await run(model(), { maxTokens: -5 });
    expect(text).toBe('');
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error?.message).toContain("Field 'max_tokens'");
  });

  test('a prompt past the context is one line naming both sizes and the fixes', async () => {
    const long = 'word '.repeat(4_000);
    const { error } = await run(model(), { messages: [{ role: 'user', content: long }] });
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error?.message).toMatch(
      /^The prompt is [\d,]+ tokens, more than the [\d,]+ the model's context holds for one request\. Send fewer earlier messages \(lower roundtable\.context\.softLimitChars\), or give the server a larger context\.$/,
    );
  });

  test('Stop in the middle of a stream ends it at once and keeps what streamed', async () => {
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const request: ChatCompletionRequest = {
      baseUrl: model().baseUrl,
      model: 'smol-b',
      messages: [{ role: 'user', content: 'Count from one to two hundred in words.' }],
      maxTokens: 400,
    };
    await expect(async () => {
      for await (const event of streamChatCompletion(request, controller.signal)) {
        events.push(event);
        if (events.filter((e) => e.type === 'delta').length === 3) {
          controller.abort(new DOMException('Stopped', 'AbortError'));
        }
      }
    }).rejects.toThrow('Stopped');
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(3);
    // The server is free again: the next request on the same alias is answered.
    expect((await run(model(), { model: 'smol-b', maxTokens: 4 })).last?.type).toBe('finish');
  });
});
