import { describe, expect, test } from 'vitest';
import { canonicalJson, laterStamp, mergeTranscripts } from './merge';
import { TRANSCRIPT_VERSION, type Transcript } from './schema';

// One instant written two ways: the short form sorts after the long one as text ('Z' > '.').
const SHORT = '2026-05-01T10:00:00Z';
const LONG = '2026-05-01T10:00:00.000Z';
// One millisecond apart, the later one being the smaller text.
const EARLY = '2026-05-01T10:00:00Z';
const LATE = '2026-05-01T10:00:00.001Z';

function thread(createdAt: string, updatedAt: string): Transcript {
  return {
    version: TRANSCRIPT_VERSION,
    id: 't',
    title: 'New thread',
    createdAt,
    updatedAt,
    participants: [],
    messages: [],
  };
}

describe('canonicalJson', () => {
  test('renders primitives as JSON does', () => {
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(42)).toBe('42');
    expect(canonicalJson(true)).toBe('true');
    expect(canonicalJson('ab')).toBe('"ab"');
    expect(canonicalJson('say "hi"')).toBe('"say \\"hi\\""');
  });

  test('renders arrays in their order, comma-separated', () => {
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson([2, 'a', null])).toBe('[2,"a",null]');
    expect(canonicalJson([[1], {}])).toBe('[[1],{}]');
  });

  test('sorts object keys at every level, whatever order they were written in', () => {
    const expected = '{"a":{"c":"x","d":[2]},"b":1}';
    expect(canonicalJson({ b: 1, a: { d: [2], c: 'x' } })).toBe(expected);
    expect(canonicalJson({ a: { c: 'x', d: [2] }, b: 1 })).toBe(expected);
    expect(canonicalJson({ c: 3, b: 2, a: 1 })).toBe('{"a":1,"b":2,"c":3}');
    expect(canonicalJson({})).toBe('{}');
  });

  test('leaves out keys whose value is undefined and quotes keys as JSON', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson({ b: undefined, a: [{ x: undefined }] })).toBe('{"a":[{}]}');
    expect(canonicalJson({ 'a"b': null })).toBe('{"a\\"b":null}');
  });
});

describe('laterStamp', () => {
  test('keeps the later instant even when its JSON is the smaller', () => {
    const late = { value: 'A', at: LATE };
    const early = { value: 'B', at: EARLY };
    expect(laterStamp(late, early)).toBe(late);
    expect(laterStamp(early, late)).toBe(late);
  });

  test('at the same instant, keeps the greater JSON whichever side it is on', () => {
    const a = { value: 'A', at: SHORT };
    const b = { value: 'B', at: SHORT };
    expect(laterStamp(a, b)).toBe(b);
    expect(laterStamp(b, a)).toBe(b);
  });

  test('between equal stamps, keeps the first', () => {
    const a = { value: 'A', at: SHORT };
    const copy = { ...a };
    expect(laterStamp(a, copy)).toBe(a);
    expect(laterStamp(copy, a)).toBe(copy);
  });

  test('with one side missing, keeps the other', () => {
    const a = { value: 'A', at: SHORT };
    expect(laterStamp(a, undefined)).toBe(a);
    expect(laterStamp(undefined, a)).toBe(a);
    expect(laterStamp(undefined, undefined)).toBeUndefined();
  });
});

describe('mergeTranscripts: createdAt and updatedAt', () => {
  test('an instant written two ways: createdAt keeps the smaller text, updatedAt the greater, whichever side', () => {
    for (const [a, b] of [
      [thread(SHORT, SHORT), thread(LONG, LONG)],
      [thread(LONG, LONG), thread(SHORT, SHORT)],
    ] as const) {
      const merged = mergeTranscripts(a, b);
      expect(merged.createdAt).toBe(LONG);
      expect(merged.updatedAt).toBe(SHORT);
    }
  });

  test('instants 1 ms apart: createdAt keeps the earlier, updatedAt the later, whatever their text', () => {
    for (const [a, b] of [
      [thread(EARLY, EARLY), thread(LATE, LATE)],
      [thread(LATE, LATE), thread(EARLY, EARLY)],
    ] as const) {
      const merged = mergeTranscripts(a, b);
      expect(merged.createdAt).toBe(EARLY);
      expect(merged.updatedAt).toBe(LATE);
    }
  });

  test('the same text on both sides is kept', () => {
    const merged = mergeTranscripts(thread(LATE, EARLY), thread(LATE, EARLY));
    expect(merged.createdAt).toBe(LATE);
    expect(merged.updatedAt).toBe(EARLY);
  });
});
