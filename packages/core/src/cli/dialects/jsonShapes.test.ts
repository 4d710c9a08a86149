// The rules the dialects read the CLIs' JSON lines by: each guard on what JSON.parse can give, the edges a hand reader
// gets wrong first (null is not missing, an array is not an object, Infinity is not a count, extra fields are fine).
import { describe, expect, test } from 'vitest';
import {
  arrayOf,
  eventType,
  isBoolean,
  isNumber,
  isObject,
  isString,
  nullable,
  oneOf,
  optional,
  shape,
} from './jsonShapes';

const parsed = (json: string): unknown => JSON.parse(json);

describe('the plain values', () => {
  test('a number is a finite number: 1e999 (Infinity once parsed) and a numeric string are not', () => {
    expect([0, -1, 1.5, 42].map(isNumber)).toEqual([true, true, true, true]);
    expect([parsed('1e999'), parsed('-1e999'), Number.NaN, '1', null, undefined, true].map(isNumber)).toEqual(
      Array(7).fill(false),
    );
  });

  test('a string, a boolean: that type only, never a look-alike', () => {
    expect(['', 'x'].map(isString)).toEqual([true, true]);
    expect([1, null, undefined, ['x'], { toString: 'x' }].map(isString)).toEqual(Array(5).fill(false));
    expect([true, false].map(isBoolean)).toEqual([true, true]);
    expect([0, 1, 'true', null, undefined].map(isBoolean)).toEqual(Array(5).fill(false));
  });

  test('an object is a JSON object: neither null nor an array', () => {
    expect([{}, parsed('{"a":1}')].map(isObject)).toEqual([true, true]);
    expect([null, [], parsed('[{"a":1}]'), 'x', 1, undefined].map(isObject)).toEqual(Array(6).fill(false));
  });

  test('oneOf takes exactly its strings', () => {
    const kind = oneOf('item.started', 'item.completed');
    expect(['item.started', 'item.completed'].map(kind)).toEqual([true, true]);
    expect(['item.updated', 'ITEM.STARTED', '', null, undefined, ['item.started']].map(kind)).toEqual(
      Array(6).fill(false),
    );
  });
});

describe('missing, null and lists', () => {
  test('optional takes a missing value, never null; nullable takes null, never a missing value', () => {
    expect([undefined, 'x'].map(optional(isString))).toEqual([true, true]);
    expect([null, 1].map(optional(isString))).toEqual([false, false]);
    expect([null, 'x'].map(nullable(isString))).toEqual([true, true]);
    expect([undefined, 1].map(nullable(isString))).toEqual([false, false]);
    expect([undefined, null, 'x'].map(optional(nullable(isString)))).toEqual([true, true, true]);
    expect([0, false, ''].map(optional(nullable(isNumber)))).toEqual([true, false, false]);
  });

  test('a list is an array every item of which passes: an empty one too, one bad item refuses it', () => {
    const words = arrayOf(isString);
    expect([[], ['a', 'b']].map(words)).toEqual([true, true]);
    expect([['a', 1], ['a', null], 'ab', { 0: 'a', length: 1 }, null, undefined].map(words)).toEqual(
      Array(6).fill(false),
    );
  });
});

describe('shapes', () => {
  const Delta = shape({ type: oneOf('content_block_delta'), index: isNumber, text: optional(isString) });

  test('checks the fields it names and allows any other, leaving the object as it is', () => {
    const line = parsed('{"type":"content_block_delta","index":0,"text":"hi","uuid":"u","extra":{"deep":[null]}}');
    expect(Delta(line)).toBe(true);
    // Nothing is copied or stripped: a later shape reads the fields this one did not name.
    expect(Delta(line) && shape({ uuid: isString })(line)).toBe(true);
    expect(Delta(parsed('{"type":"content_block_delta","index":3}'))).toBe(true);
  });

  test('refuses a named field missing, of the wrong type, or null where it may only be missing', () => {
    for (const json of [
      '{"index":0}',
      '{"type":"content_block_delta"}',
      '{"type":"content_block_delta","index":"0"}',
      '{"type":"content_block_delta","index":0,"text":null}',
      '{"type":"content_block_delta","index":0,"text":7}',
      '{"type":"message_start","index":0}',
      '{"type":"content_block_delta","index":1e999}',
    ]) {
      expect(Delta(parsed(json)), json).toBe(false);
    }
  });

  test('refuses what is not an object, an array that has the fields too', () => {
    const arrayWithFields = Object.assign([], { type: 'content_block_delta', index: 0 });
    for (const value of [null, undefined, 'content_block_delta', 0, [], arrayWithFields])
      expect(Delta(value)).toBe(false);
  });

  test('nests: an inner shape refuses the whole, an optional inner one may be missing but not null', () => {
    const Result = shape({ usage: optional(shape({ input_tokens: isNumber })) });
    expect([{}, { usage: { input_tokens: 1 } }, { usage: { input_tokens: 1, extra: 2 } }].map(Result)).toEqual([
      true,
      true,
      true,
    ]);
    expect([{ usage: null }, { usage: {} }, { usage: [] }, { usage: { input_tokens: '1' } }].map(Result)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  test('a shape of no fields takes any object, and only objects', () => {
    expect([{}, { a: 1 }].map(shape({}))).toEqual([true, true]);
    expect([null, [], 'x'].map(shape({}))).toEqual([false, false, false]);
  });
});

describe('eventType', () => {
  test("is the `type` of an object line, and undefined for anything else (an array's or a string's included)", () => {
    expect(eventType(parsed('{"type":"result","x":1}'))).toBe('result');
    expect(eventType(parsed('{"type":7}'))).toBe(7);
    expect(eventType(parsed('{"kind":"result"}'))).toBeUndefined();
    for (const value of [null, undefined, 'result', 1, parsed('[{"type":"result"}]')]) {
      expect(eventType(value)).toBeUndefined();
    }
  });
});
