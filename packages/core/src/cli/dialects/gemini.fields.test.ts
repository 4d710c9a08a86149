// Lines the recordings do not have, for the fields a reader of Gemini CLI's stream-json events could get wrong: null
// where a field may only be missing, a field of the wrong type, an array for an object, a count that is not finite,
// fields no reader names, and the API's error body quoted in a failure. Each is the recorded reply with lines added
// before its result, or its result edited.
import { describe, expect, test } from 'vitest';
import { encode, recordings, withLinesBefore, withReplaced } from '../../../test/support/cliRecordings';
import { readCliOutput } from '../cliStream';
import { classify, dialect } from './gemini';

const reply = recordings('gemini').lines('reply');
const read = (bytes: Uint8Array) => readCliOutput(dialect, [bytes]);
/** The recorded reply as read (gemini.test.ts says what that is). */
const whole = read(encode(reply.join('\n')));
const RESULT = '"type":"result"';

describe('fields of the stream-json lines', () => {
  test('null where a field may only be missing, a field of the wrong type, an array for an object: counted', () => {
    for (const line of [
      '{"type":"message","role":"assistant","content":"x","delta":null}',
      '{"type":"message","role":"assistant","content":"x","delta":"yes"}',
      '{"type":"message","role":null,"content":"x"}',
      '{"type":"message","role":"assistant","content":["x"]}',
      '{"type":"error","severity":"error","message":null}',
      '{"type":"init","session_id":"s","model":["m"]}',
    ]) {
      expect(read(withLinesBefore(reply, RESULT, line)), line).toEqual({ ...whole, unknown: 1 });
    }
  });

  test('fields a line does not need are read past', () => {
    for (const line of [
      '{"type":"init","session_id":"s","model":"m","extra":null}',
      '{"type":"message","role":"assistant","content":"","delta":true,"extra":{"deep":[1]}}',
      '{"type":"message","role":"user","content":"echo"}',
      '{"type":"error","severity":"warning","message":"Loop detected","extra":[]}',
    ]) {
      expect(read(withLinesBefore(reply, RESULT, line)), line).toEqual(whole);
    }
  });

  test('a result with null for a missing field, a count that is not finite or a list for an object is unknown', () => {
    const deltas = whole.events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    for (const [from, to] of [
      ['"status":"success"', '"status":"success","error":null'],
      ['"input_tokens":42', '"input_tokens":1e999'],
      ['"stats":{', '"stats":null,"was":{'],
      ['"status":"success"', '"status":"success","error":[{"type":"x","message":"m"}]'],
    ] as const) {
      expect(read(withReplaced(reply, RESULT, from, to)), to).toEqual({
        events: deltas,
        unknown: 1,
        malformed: undefined,
        done: false,
      });
    }
  });
});

describe("the API's error body, quoted in the CLI's words", () => {
  const quoted = (error: string) => `[API Error: {"error":${error}}]`;

  test('is read with fields no reader names', () => {
    expect(classify(quoted('{"code":429,"message":"Slow down","extra":1}'))).toEqual({
      kind: 'rate-limit',
      status: 429,
      message: 'Gemini CLI hit a limit: Slow down',
    });
  });

  test("is not read as one when its fields are not the API's: the CLI's words are", () => {
    for (const error of [
      '{"code":"429","message":"Slow down"}',
      '{"code":429,"message":"Slow down","status":null}',
      '{"code":1e999,"message":"Slow down"}',
      '[{"code":429,"message":"Slow down"}]',
    ]) {
      expect(classify(quoted(error)), error).toEqual({
        kind: 'stream',
        message: `Gemini CLI's reply failed: ${quoted(error)}`,
      });
    }
  });
});
