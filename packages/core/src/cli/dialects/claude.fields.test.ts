// Lines the recordings do not have, for the fields a reader of Claude Code's events could get wrong: null where a
// field may only be missing, a field of the wrong type, an array for an object, a count that is not finite, and
// fields no reader names. Each is the recorded reply with lines added before its result, or its result edited.
import { describe, expect, test } from 'vitest';
import { encode, recordings, withLinesBefore, withReplaced } from '../../../test/support/cliRecordings';
import { readCliOutput } from '../cliStream';
import { dialect } from './claude';

const reply = recordings('claude').lines('reply');
const read = (bytes: Uint8Array) => readCliOutput(dialect, [bytes]);
/** The recorded reply as read (claude.test.ts says what that is). */
const whole = read(encode(reply.join('\n')));
const RESULT = '"type":"result"';

describe('fields of the stream-json lines', () => {
  test('null where a field may only be missing, a field of the wrong type, an array for an object: counted', () => {
    for (const line of [
      '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":null}}}',
      '{"type":"stream_event","event":{"type":"content_block_delta","index":1e999,"delta":{"type":"text_delta","text":"x"}}}',
      '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":["text_delta","x"]}}',
      '{"type":"stream_event","event":[{"type":"message_start"}]}',
      '{"type":"stream_event","event":{"type":"message_start"},"parent_tool_use_id":7}',
      '{"type":"stream_event","event":{"type":"message_stop"},"abandoned_blocks":null}',
      '{"type":"assistant","message":{"content":[{"type":"text","text":5}]}}',
      '{"type":"assistant","message":{"content":[]},"is_api_error_message":null}',
      '{"type":"system","subtype":null}',
    ]) {
      expect(read(withLinesBefore(reply, RESULT, line)), line).toEqual({ ...whole, unknown: 1 });
    }
  });

  test('fields a line does not need, and null where a field may be null, are read past', () => {
    for (const line of [
      '{"type":"system","subtype":"status","status":"requesting","extra":{"deep":[null]}}',
      '{"type":"rate_limit_event","rate_limit_info":{"status":"allowed"}}',
      '{"type":"stream_event","event":{"type":"content_block_stop","index":0,"extra":1},"parent_tool_use_id":null}',
      '{"type":"stream_event","event":{"type":"message_delta","delta":{}},"abandoned_blocks":{"from_block_index":0}}',
      '{"type":"assistant","message":{"content":[],"model":"m"},"api_error_status":null,"parent_tool_use_id":null}',
    ]) {
      expect(read(withLinesBefore(reply, RESULT, line)), line).toEqual(whole);
    }
  });

  test('the result: a null count of cached tokens adds nothing, a null stop reason finishes without one', () => {
    const edit = (from: string, to: string) => read(withReplaced(reply, RESULT, from, to));
    expect(edit('"cache_read_input_tokens":0', '"cache_read_input_tokens":null')).toEqual(whole);
    expect(edit('"stop_reason":"end_turn"', '"stop_reason":null').events.at(-1)).toEqual({
      type: 'finish',
      reason: null,
    });
  });

  test('a result whose count is not a finite number is unknown: the reply never says it is complete', () => {
    const deltas = whole.events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    for (const [from, to] of [
      ['"output_tokens":17', '"output_tokens":1e999'],
      ['"is_error":false', '"is_error":null'],
      ['"usage":{', '"usage":null,"was":{'],
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
