// Lines the recordings do not have, for the fields a reader of Codex's `exec --json` events could get wrong: null
// where a field may only be missing, a field of the wrong type, an array for an object, a count that is not finite,
// fields no reader names, and OpenAI's error body quoted in a failure. Each is the recorded reply with lines added
// before its `turn.completed`, or cut after its `turn.started` and ended by a `turn.failed`.
import { describe, expect, test } from 'vitest';
import { encode, recordings, withLinesBefore } from '../../../test/support/cliRecordings';
import { readCliOutput } from '../cliStream';
import { dialect } from './codex';

const reply = recordings('codex').lines('reply');
const read = (bytes: Uint8Array) => readCliOutput(dialect, [bytes]);
/** The recorded reply as read (codex.test.ts says what that is). */
const whole = read(encode(reply.join('\n')));
const COMPLETED = '"type":"turn.completed"';

describe('fields of the JSON lines', () => {
  test('null where a field may only be missing, a field of the wrong type, an array for an object: counted', () => {
    const refused = [
      '{"type":"item.completed","item":{"id":7,"type":"agent_message","text":"x"}}',
      '{"type":"item.completed","item":null}',
      '{"type":"item.completed","item":[{"id":"i","type":"agent_message","text":"x"}]}',
      '{"type":"turn.failed","error":{"message":null}}',
      '{"type":"turn.completed","usage":{"input_tokens":1,"output_tokens":1e999}}',
      '{"type":"thread.started","thread_id":null}',
      '{"type":"error","message":["Reconnecting..."]}',
    ];
    expect(read(withLinesBefore(reply, COMPLETED, ...refused))).toEqual({ ...whole, unknown: refused.length });
  });

  test('fields a line does not need are read past; an item of a known kind with the wrong fields shows nothing', () => {
    const known = [
      '{"type":"thread.started","thread_id":"t","extra":{"deep":[null]}}',
      '{"type":"item.updated","item":{"id":"i","type":"agent_message","text":"partial","extra":1}}',
      '{"type":"error","message":"Reconnecting... 1/5","will_retry":true}',
      // The event is known (an item with an id and a type), the agent message in it is not: no text, not counted.
      '{"type":"item.completed","item":{"id":"i","type":"agent_message","text":5}}',
      '{"type":"item.completed","item":{"id":"i","type":"agent_message","text":null}}',
    ];
    expect(read(withLinesBefore(reply, COMPLETED, ...known))).toEqual(whole);
  });
});

describe("OpenAI's error body, quoted whole in a failure", () => {
  const started = reply.findIndex((line) => line.includes('"type":"turn.started"'));
  const failed = (message: string) =>
    read(
      encode([...reply.slice(0, started + 1), JSON.stringify({ type: 'turn.failed', error: { message } })].join('\n')),
    ).events;
  const body = (fields: string) => `{"error":{"message":"The model does not exist",${fields}}}`;

  test('is read when its fields are right, null ones and extra ones included', () => {
    expect(failed(body('"type":null,"code":null,"param":"model"'))).toEqual([
      { type: 'error', error: { kind: 'http', message: 'The model does not exist' } },
    ]);
    expect(failed(body('"type":"requests","code":"rate_limit_exceeded"'))).toEqual([
      { type: 'error', error: { kind: 'rate-limit', message: 'The model does not exist' } },
    ]);
  });

  test('is not read when a field is of the wrong type: the whole text is then the CLI’s words', () => {
    for (const words of [
      body('"code":404'),
      body('"type":["x"]'),
      '{"error":{"message":null}}',
      '{"error":["The model does not exist"]}',
    ]) {
      expect(failed(words), words).toEqual([{ type: 'error', error: { kind: 'stream', message: words } }]);
    }
  });
});
