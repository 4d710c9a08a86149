import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bareObjects, parseLenientJson } from './lenientJson';

const value = (text: string) => {
  const parsed = parseLenientJson(text);
  return parsed.ok ? parsed.value : 'not JSON';
};

describe('parseLenientJson reads JSON as models write it', () => {
  test.each([
    ['strict JSON, as it is', '{"a": [1, true, null, "x"]}', { a: [1, true, null, 'x'] }],
    ['a trailing comma in an object and a list', '{"a": [1, 2,], "b": 3,}', { a: [1, 2], b: 3 }],
    ['a trailing comma before a comment', '{"a": 1, // last\n}', { a: 1 }],
    ['line comments', '{\n  // the claims\n  "a": 1 // one\n}', { a: 1 }],
    ['block comments', '{/* note */ "a": /* one */ 1}', { a: 1 }],
    ['keys without quotes', '{claims: [{claim: "x", A: "supported"}]}', { claims: [{ claim: 'x', A: 'supported' }] }],
    ['strings in single quotes', "{'a': 'it is \"so\"'}", { a: 'it is "so"' }],
    ['a line break inside a string', '{"a": "one\ntwo"}', { a: 'one\ntwo' }],
    ['words that are values stay values', '{a: [true, false, null], b: 1e3}', { a: [true, false, null], b: 1000 }],
    ['a comment marker inside a string is text', '{"url": "http://x.org/a, b", }', { url: 'http://x.org/a, b' }],
  ])('%s', (_name, text, expected) => {
    expect(value(text)).toEqual(expected);
  });

  test.each([
    ['an unclosed object', '{"a": 1'],
    ['prose', 'the claims are A and B'],
    ['a missing value', '{"a": }'],
    ['an empty text', ''],
  ])('%s is not JSON', (_name, text) => {
    expect(parseLenientJson(text)).toEqual({ ok: false });
  });

  test('never throws, and strict JSON reads as JSON.parse reads it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (text) => {
        parseLenientJson(text);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const text = JSON.stringify(json);
        expect(value(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('bareObjects finds objects written bare in prose', () => {
  test('each object that opens a line, to its matching brace; braces in strings and mid-line ones are not', () => {
    const text = 'Here: {not this}\n{"a": "}{", "b": {"c": [1]}}\nprose\n  {"d": 1}\n{never closed';
    const spans = bareObjects(text).map((s) => text.slice(s.start, s.end));
    expect(spans).toEqual(['{"a": "}{", "b": {"c": [1]}}', '{"d": 1}']);
  });

  test('a text of unclosed braces is read in a few passes, not one per brace', () => {
    const text = '{"a": [\n'.repeat(50_000);
    const started = performance.now();
    expect(bareObjects(text)).toEqual([]);
    // Linear, not quadratic: a scan from every brace to the end takes minutes.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
