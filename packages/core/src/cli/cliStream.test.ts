import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testDialect } from '../testing/testDialect';
import { cliInput } from './cliInput';
import { MAX_CLI_LINE_CHARS, readCliOutput } from './cliStream';

const bytes = (text: string) => new TextEncoder().encode(text);
const output = [
  '{"t":"init"}',
  '{"t":"text","x":"é→✓ "}',
  '',
  '{"t":"text","x":"done"}\r',
  '{"t":"end"}',
  '{"t":"text","x":"after the end"}',
].join('\n');

describe('readCliOutput', () => {
  it('reads JSON lines into events, counts unknown ones, skips blank lines and stops at the end', () => {
    expect(readCliOutput(testDialect, [bytes(output)])).toEqual({
      events: [
        { type: 'delta', text: 'é→✓ ' },
        { type: 'delta', text: 'done' },
        { type: 'usage', usage: { inputTokens: 3, outputTokens: 2 } },
        { type: 'finish', reason: 'stop' },
      ],
      unknown: 1,
      malformed: undefined,
      done: true,
    });
  });

  it('gives the same events however the bytes are cut, inside characters too', () => {
    const whole = bytes(output);
    const expected = readCliOutput(testDialect, [whole]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: whole.length - 1 }), { maxLength: 12 }), (cuts) => {
        const sorted = [0, ...cuts.sort((a, b) => a - b), whole.length];
        const chunks = sorted.slice(1).map((end, i) => whole.slice(sorted[i], end));
        expect(readCliOutput(testDialect, chunks)).toEqual(expected);
      }),
    );
  });

  it('reads a last line that has no newline', () => {
    expect(readCliOutput(testDialect, [bytes('{"t":"text","x":"a"}\n{"t":"end"}')]).done).toBe(true);
  });

  it('stops at a line that is not JSON and keeps its start', () => {
    const reading = readCliOutput(testDialect, [bytes('{"t":"text","x":"a"}\nnot json at all\n{"t":"end"}\n')]);
    expect(reading).toMatchObject({
      events: [{ type: 'delta', text: 'a' }],
      malformed: 'not json at all',
      done: false,
    });
  });

  it('refuses a line longer than the bound, even before it ends', () => {
    const reading = readCliOutput(testDialect, [bytes(`{"t":"text","x":"${'a'.repeat(MAX_CLI_LINE_CHARS)}`)]);
    expect(reading.malformed).toContain(`longer than ${MAX_CLI_LINE_CHARS}`);
    expect(reading.events).toEqual([]);
  });
});

describe('cliInput', () => {
  it('joins system messages into the system prompt and labels the seat own replies on stdin', () => {
    expect(
      cliInput([
        { role: 'system', content: 'A' },
        { role: 'user', content: '[User] q' },
        { role: 'system', content: 'B' },
        { role: 'assistant', content: 'mine' },
        { role: 'user', content: '[GPT]: theirs' },
      ]),
    ).toEqual({ system: 'A\n\nB', stdin: '[User] q\n\n[You]: mine\n\n[GPT]: theirs\n' });
  });
});
