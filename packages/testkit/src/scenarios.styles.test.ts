import { describe, expect, test } from 'vitest';
import { say, silentFor, streamed, textOf, useFakeProxy } from '../test/support/scenarioRequests';
import { buildEchoReply } from './echoReply';

const fakeProxy = useFakeProxy();

describe('chunk styles', () => {
  const messages = [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'Hello there, all of you' },
  ];

  test('claude: role-only first chunk, content-only deltas, final chunk with finish_reason and usage', async () => {
    const { chunks } = await streamed('Hello there, all of you', 'claude-sonnet-4-6');
    const [first, ...rest] = chunks;
    const last = rest.pop();
    expect(first?.choices[0]).toEqual({ index: 0, delta: { role: 'assistant' }, finish_reason: null });
    expect(rest.length).toBeGreaterThanOrEqual(3);
    for (const c of rest) {
      expect(Object.keys(c.choices[0]?.delta ?? {})).toEqual(['content']);
      expect(c.usage).toBeUndefined();
    }
    expect(last?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });
    expect(last?.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
      prompt_tokens_details: { cached_tokens: 0, cached_creation_tokens: 0 },
    });
    expect(String(first?.id)).toMatch(/^msg_/);
    expect(textOf(chunks)).toBe(buildEchoReply('claude-sonnet-4-6', messages));
  });

  test('codex: native_finish_reason on every chunk, explicit null deltas, reasoning, usage with reasoning_tokens', async () => {
    const { chunks } = await streamed('Hello there, all of you', 'gpt-5.5');
    for (const c of chunks) {
      const choice = c.choices[0];
      expect(choice && 'native_finish_reason' in choice).toBe(true);
      expect(Object.keys(choice?.delta ?? {}).sort()).toEqual(['content', 'reasoning_content', 'role', 'tool_calls']);
    }
    expect(chunks.some((c) => typeof c.choices[0]?.delta.reasoning_content === 'string')).toBe(true);
    const last = chunks.at(-1);
    expect(last?.choices[0]).toMatchObject({ finish_reason: 'stop', native_finish_reason: 'stop' });
    expect(last?.usage).toMatchObject({ completion_tokens_details: { reasoning_tokens: expect.any(Number) } });
    expect(chunks.slice(0, -1).every((c) => c.usage === undefined)).toBe(true);
    expect(textOf(chunks)).toBe(buildEchoReply('gpt-5.5', messages));
  });

  test('gemini: explicit nulls, usage on every chunk, created 0, id ""', async () => {
    const { chunks } = await streamed('Hello there, all of you', 'gemini-3-flash');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const c of chunks) {
      expect(c.id).toBe('');
      expect(c.created).toBe(0);
      expect(c.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
      expect(c.choices[0]?.delta).toMatchObject({ reasoning_content: null, tool_calls: null });
    }
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.slice(0, -1).every((c) => c.choices[0]?.finish_reason === null)).toBe(true);
    expect(textOf(chunks)).toBe(buildEchoReply('gemini-3-flash', messages));
  });
});

describe('enqueue', () => {
  test('queued scenarios are used first, in order, ahead of markers; then markers and echoes resume', async () => {
    fakeProxy().enqueue({ kind: 'error', status: 418, body: { error: 'first' } });
    fakeProxy().enqueue({ kind: 'reply', text: 'second reply' });
    const first = await say('[[fake:server-error]]');
    expect(first.status).toBe(418);
    const { chunks } = await streamed('[[fake:server-error]]');
    expect(textOf(chunks)).toBe('second reply');
    expect((await say('[[fake:server-error]]')).status).toBe(500);
  });

  test('raw writes status, headers and bytes verbatim', async () => {
    const chunks = ['data: {"a":1}\r\n', '\r\n', new Uint8Array([0xe6, 0x97]), new Uint8Array([0xa5, 0x0a])];
    fakeProxy().enqueue({
      kind: 'raw',
      status: 207,
      headers: { 'Content-Type': 'text/x-test', 'X-Fixture': 'yes' },
      chunks,
    });
    const res = await say('anything');
    expect(res.status).toBe(207);
    expect(res.headers.get('content-type')).toBe('text/x-test');
    expect(res.headers.get('x-fixture')).toBe('yes');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(
      new Uint8Array(Buffer.concat([Buffer.from('data: {"a":1}\r\n\r\n'), Buffer.from([0xe6, 0x97, 0xa5, 0x0a])])),
    );
  });

  test('raw with holdOpen writes its bytes, then keeps the connection open until the client leaves', async () => {
    fakeProxy().enqueue({
      kind: 'raw',
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
      chunks: ['data: {}\n\n'],
      holdOpen: true,
    });
    const res = await say('anything');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {}\n\n');
    expect(await silentFor(reader, 100)).toBe(true);
    await reader.cancel();
    expect(await fakeProxy().whenResponseClosed(0)).toBe('aborted');
  });

  test('a stall with ms resumes and completes', async () => {
    fakeProxy().enqueue({ kind: 'stall', afterChunks: 1, ms: 20, text: 'a b c' });
    const { frames, chunks } = await streamed('x');
    expect(textOf(chunks)).toBe('a b c');
    expect(frames.data.at(-1)).toBe('[DONE]');
  });
});
