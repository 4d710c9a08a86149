import { describe, expect, test } from 'vitest';
import { interpretChunk } from './interpretChunk';
import type { TokenUsage } from './types';

const chunk = (text: string, finishReason?: string, usage?: TokenUsage) => ({
  type: 'chunk',
  text,
  finishReason,
  usage,
});

describe('interpretChunk', () => {
  test.each([
    { name: '[DONE]', data: '[DONE]', expected: { type: 'done' } },
    {
      name: 'role only',
      data: '{"choices":[{"index":0,"delta":{"role":"assistant"},"finish_reason":null}]}',
      expected: chunk(''),
    },
    {
      name: 'explicit nulls',
      data: '{"choices":[{"index":0,"delta":{"role":null,"content":null,"tool_calls":null},"finish_reason":null}]}',
      expected: chunk(''),
    },
    {
      name: 'reasoning only',
      data: '{"choices":[{"delta":{"role":"assistant","reasoning_content":"thinking"}}]}',
      expected: chunk(''),
    },
    {
      name: 'usage only, choices []',
      data: '{"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":3,"total_tokens":10}}',
      expected: chunk('', undefined, { inputTokens: 7, outputTokens: 3 }),
    },
    {
      name: 'text, finish and usage together',
      data: '{"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"max_tokens"}],"usage":{"prompt_tokens":1,"completion_tokens":2}}',
      expected: chunk('Hi', 'max_tokens', { inputTokens: 1, outputTokens: 2 }),
    },
    { name: 'an empty data frame', data: '', expected: chunk('') },
    { name: 'a data frame of blanks', data: ' \t', expected: chunk('') },
    {
      name: 'only the first choice counts',
      data: '{"choices":[{"index":1,"delta":{"content":"other"}},{"index":0,"delta":{"content":"mine"}}]}',
      expected: chunk('mine'),
    },
  ])('$name', ({ data, expected }) => {
    expect(interpretChunk(data)).toEqual(expected);
  });

  test('an error chunk keeps the provider text', () => {
    const outcome = interpretChunk('{"error":{"message":"Overloaded","type":"overloaded_error"}}');
    expect(outcome).toMatchObject({ type: 'error', error: { kind: 'stream' } });
    expect(outcome.type === 'error' && outcome.error.message).toContain('Overloaded');
  });

  test('malformed JSON names the problem and quotes the data', () => {
    const outcome = interpretChunk('{"choices":[{"delta":{"content":"Hi"}');
    expect(outcome).toMatchObject({ type: 'error', error: { kind: 'stream' } });
    const message = outcome.type === 'error' ? outcome.error.message : '';
    expect(message).toContain('not valid JSON');
    expect(message).toContain('{"choices":[{"delta":{"content":"Hi"}');
  });

  test('a chunk of the wrong shape names the field', () => {
    const outcome = interpretChunk('{"choices":{"delta":"Hi"}}');
    expect(outcome).toMatchObject({ type: 'error', error: { kind: 'stream' } });
    expect(outcome.type === 'error' && outcome.error.message).toContain('choices');
  });
});
