// The edges of interpretChunk that the main tests leave open: where `[DONE]` and blank frames stop being recognised,
// which explicit nulls count as absent, the exact message for each wrong field, and where the quoted excerpt is cut.
import { describe, expect, test } from 'vitest';
import { interpretChunk } from './interpretChunk';
import type { TokenUsage } from './types';

const chunk = (text: string, finishReason?: string, usage?: TokenUsage) => ({
  type: 'chunk',
  text,
  finishReason,
  usage,
});

const badShape = (problem: string, data: string) => ({
  type: 'error',
  error: { kind: 'stream', message: `CLIProxyAPI sent a stream chunk of an unexpected shape (${problem}): ${data}` },
});

/** The message JSON.parse gives for `data`, which the error quotes. */
function parseFailure(data: string): string {
  try {
    JSON.parse(data);
  } catch (cause) {
    return (cause as Error).message;
  }
  throw new Error(`${data} is valid JSON`);
}

describe('interpretChunk: the end marker', () => {
  test('a [DONE] padded with blanks still ends the stream', () => {
    expect(interpretChunk(' [DONE]')).toEqual({ type: 'done' });
    expect(interpretChunk('[DONE]\t ')).toEqual({ type: 'done' });
  });

  test('a padded [DONE] of 31 characters ends the stream, one of 32 or more is not valid JSON', () => {
    const short = `[DONE]${' '.repeat(25)}`;
    expect(short).toHaveLength(31);
    expect(interpretChunk(short)).toEqual({ type: 'done' });

    for (const long of [`[DONE]${' '.repeat(26)}`, `${' '.repeat(40)}[DONE]`]) {
      expect(interpretChunk(long)).toEqual({
        type: 'error',
        error: {
          kind: 'stream',
          message: `CLIProxyAPI sent a stream chunk that is not valid JSON (${parseFailure(long)}): ${long}`,
        },
      });
    }
  });
});

describe('interpretChunk: blank frames', () => {
  test('a JSON chunk with leading blanks is read, not taken for a blank frame', () => {
    expect(interpretChunk(' {"choices":[{"delta":{"content":"Hi"}}]}')).toEqual(chunk('Hi'));
    expect(interpretChunk('\n{"choices":[{"delta":{"content":"Hi"}}]}')).toEqual(chunk('Hi'));
  });

  test('a frame of a no-break space is not a blank frame: JSON does not allow that blank', () => {
    const data = '\u00a0';
    expect(interpretChunk(data)).toEqual({
      type: 'error',
      error: {
        kind: 'stream',
        message: `CLIProxyAPI sent a stream chunk that is not valid JSON (${parseFailure(data)}): ${data}`,
      },
    });
  });
});

describe('interpretChunk: the top level', () => {
  test.each(['[]', '[{"choices":[]}]', '42', '"text"', 'true'])('JSON that is not an object (%s) is named', (data) => {
    expect(interpretChunk(data)).toEqual(badShape('chunk: expected an object', data));
  });

  test('"error": null is no error', () => {
    expect(interpretChunk('{"error":null,"choices":[{"delta":{"content":"Hi"}}]}')).toEqual(chunk('Hi'));
  });

  test('a chunk without choices still gives its usage', () => {
    expect(interpretChunk('{"usage":{"prompt_tokens":4,"completion_tokens":5}}')).toEqual(
      chunk('', undefined, { inputTokens: 4, outputTokens: 5 }),
    );
  });

  test('"choices": null counts as no choices', () => {
    expect(interpretChunk('{"choices":null,"usage":{"prompt_tokens":4,"completion_tokens":5}}')).toEqual(
      chunk('', undefined, { inputTokens: 4, outputTokens: 5 }),
    );
  });

  test.each(['{"choices":{"delta":"Hi"}}', '{"choices":"Hi"}', '{"choices":0}'])(
    'choices that are not an array are named: %s',
    (data) => {
      expect(interpretChunk(data)).toEqual(badShape('choices: expected an array', data));
    },
  );
});

describe('interpretChunk: the first choice', () => {
  test('a choice without an index is the first one', () => {
    expect(interpretChunk('{"choices":[{"delta":{"content":"Hi"}}]}')).toEqual(chunk('Hi'));
  });

  test('a choice with "index": null is the first one', () => {
    expect(interpretChunk('{"choices":[{"index":null,"delta":{"content":"Hi"}}]}')).toEqual(chunk('Hi'));
  });

  test('choices that all have another index give no text', () => {
    expect(interpretChunk('{"choices":[{"index":1,"delta":{"content":"other"},"finish_reason":"stop"}]}')).toEqual(
      chunk(''),
    );
  });

  test.each(['{"choices":["Hi"]}', '{"choices":[null]}', '{"choices":[["Hi"]]}', '{"choices":[7,{"index":0}]}'])(
    'a choice that is not an object is named: %s',
    (data) => {
      expect(interpretChunk(data)).toEqual(badShape('choices.0: expected an object', data));
    },
  );

  test('a choice without a delta still gives its finish reason', () => {
    expect(interpretChunk('{"choices":[{"index":0,"finish_reason":"stop"}]}')).toEqual(chunk('', 'stop'));
  });

  test('"delta": null still gives the finish reason', () => {
    expect(interpretChunk('{"choices":[{"index":0,"delta":null,"finish_reason":"length"}]}')).toEqual(
      chunk('', 'length'),
    );
  });

  test.each(['{"choices":[{"delta":"Hi"}]}', '{"choices":[{"delta":["Hi"]}]}', '{"choices":[{"delta":3}]}'])(
    'a delta that is not an object is named: %s',
    (data) => {
      expect(interpretChunk(data)).toEqual(badShape('choices.0.delta: expected an object', data));
    },
  );

  test.each([
    '{"choices":[{"delta":{"content":42}}]}',
    '{"choices":[{"delta":{"content":["Hi"]}}]}',
    '{"choices":[{"delta":{"content":false}}]}',
  ])('content that is not a string is named: %s', (data) => {
    expect(interpretChunk(data)).toEqual(badShape('choices.0.delta.content: expected a string', data));
  });

  test('an empty content string is kept as no text', () => {
    expect(interpretChunk('{"choices":[{"delta":{"content":""},"finish_reason":"stop"}]}')).toEqual(chunk('', 'stop'));
  });

  test.each([
    '{"choices":[{"delta":{"content":"Hi"},"finish_reason":5}]}',
    '{"choices":[{"delta":{"content":"Hi"},"finish_reason":{"type":"stop"}}]}',
  ])('a finish reason that is not a string is named: %s', (data) => {
    expect(interpretChunk(data)).toEqual(badShape('choices.0.finish_reason: expected a string', data));
  });
});

describe('interpretChunk: usage', () => {
  test('"usage": null counts as no usage', () => {
    expect(interpretChunk('{"choices":[{"delta":{"content":"Hi"}}],"usage":null}')).toEqual(chunk('Hi'));
  });

  test.each(['{"choices":[],"usage":5}', '{"choices":[],"usage":[1,2]}', '{"choices":[],"usage":"7 tokens"}'])(
    'usage that is not an object is named: %s',
    (data) => {
      expect(interpretChunk(data)).toEqual(badShape('usage: expected an object', data));
    },
  );

  test.each([
    { name: 'input absent', usage: '{"completion_tokens":3}', expected: { inputTokens: 0, outputTokens: 3 } },
    {
      name: 'input null',
      usage: '{"prompt_tokens":null,"completion_tokens":3}',
      expected: { inputTokens: 0, outputTokens: 3 },
    },
    { name: 'output absent', usage: '{"prompt_tokens":7}', expected: { inputTokens: 7, outputTokens: 0 } },
    {
      name: 'output null',
      usage: '{"prompt_tokens":7,"completion_tokens":null}',
      expected: { inputTokens: 7, outputTokens: 0 },
    },
    {
      name: 'both null',
      usage: '{"prompt_tokens":null,"completion_tokens":null}',
      expected: { inputTokens: 0, outputTokens: 0 },
    },
    { name: 'both absent', usage: '{"total_tokens":10}', expected: { inputTokens: 0, outputTokens: 0 } },
  ])('a missing token count counts as 0 ($name)', ({ usage, expected }) => {
    expect(interpretChunk(`{"choices":[],"usage":${usage}}`)).toEqual(chunk('', undefined, expected));
  });

  test.each([
    '{"prompt_tokens":"7","completion_tokens":3}',
    '{"prompt_tokens":7,"completion_tokens":"3"}',
    '{"prompt_tokens":{"n":7}}',
    '{"completion_tokens":[3]}',
    '{"prompt_tokens":"7","completion_tokens":"3"}',
  ])('a token count that is not a number is named: %s', (usage) => {
    const data = `{"choices":[],"usage":${usage}}`;
    expect(interpretChunk(data)).toEqual(badShape('usage: token counts must be numbers', data));
  });
});

describe('interpretChunk: the quoted excerpt', () => {
  /** A JSON string (not an object) exactly `length` characters long. */
  const jsonString = (length: number) => `"${'a'.repeat(length - 2)}"`;

  test('a bad chunk of 200 characters is quoted whole', () => {
    const data = jsonString(200);
    expect(interpretChunk(data)).toEqual(badShape('chunk: expected an object', data));
  });

  test('a bad chunk of 201 characters is quoted to 200 and an ellipsis', () => {
    const data = jsonString(201);
    expect(interpretChunk(data)).toEqual(badShape('chunk: expected an object', `${data.slice(0, 200)}…`));
  });

  test('a chunk that is not JSON is quoted to 200 characters too', () => {
    const data = `{${'x'.repeat(300)}`;
    expect(interpretChunk(data)).toEqual({
      type: 'error',
      error: {
        kind: 'stream',
        message: `CLIProxyAPI sent a stream chunk that is not valid JSON (${parseFailure(data)}): {${'x'.repeat(199)}…`,
      },
    });
  });
});
