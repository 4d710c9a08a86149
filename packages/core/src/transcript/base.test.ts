import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { count, describeIssues, finite, int, isoDateTime, issuePath, positiveInt } from './base';

const accepts = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;

describe('isoDateTime', () => {
  test.each([
    '2025-03-01T12:00:00.000Z',
    '2025-03-01T12:00:00Z',
    '2025-03-01T12:00:00.123456789Z',
    '2025-03-01T12:05:00+02:00',
    '2025-03-01T23:59:59-11:30',
    '2024-02-29T00:00:00.000Z',
    '2000-02-29T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
  ])('accepts %s', (value) => {
    expect(accepts(isoDateTime, value)).toBe(true);
  });

  test.each([
    ['a day February does not have', '2026-02-30T00:00:00.000Z'],
    ['29 February of a year that is not a leap year', '2025-02-29T00:00:00.000Z'],
    ['29 February of a century that is not a leap year', '1900-02-29T00:00:00.000Z'],
    ['31 April', '2025-04-31T00:00:00.000Z'],
    ['month 13', '2025-13-01T00:00:00.000Z'],
    ['hour 24', '2025-03-01T24:00:00.000Z'],
    ['no seconds', '2025-03-01T12:00Z'],
    ['no zone', '2025-03-01T12:00:00'],
    ['a date only', '2025-03-01'],
    ['a space for the T', '2025-03-01 12:00:00Z'],
    ['an offset without a colon', '2025-03-01T12:00:00+0200'],
    ['a six-digit year', '+010000-01-01T00:00:00.000Z'],
    ['text around it', ' 2025-03-01T12:00:00Z'],
    ['not a string', Date.parse('2025-03-01T12:00:00Z')],
  ])('refuses %s', (_name, value) => {
    expect(accepts(isoDateTime, value)).toBe(false);
  });

  test('what it accepts, Date reads back as the same instant', () => {
    const at = '2025-03-01T12:00:00.000Z';
    expect(new Date(at).toISOString()).toBe(at);
  });
});

describe('numbers', () => {
  test.each([
    ['int', int, [-3, 0, 7, Number.MAX_SAFE_INTEGER], [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '1']],
    ['count', count, [0, 1, 99], [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]],
    ['positiveInt', positiveInt, [1, 2], [0, -1, 1.5, Number.POSITIVE_INFINITY]],
    ['finite', finite, [0, -1.5, 1e300], [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '1']],
  ] as const)('%s', (_name, schema, good, bad) => {
    for (const value of good) expect(accepts(schema, value)).toBe(true);
    for (const value of bad) expect(accepts(schema, value)).toBe(false);
  });
});

describe('describeIssues', () => {
  const Thread = v.strictObject({
    messages: v.array(v.strictObject({ seq: count, role: v.picklist(['user', 'assistant']) })),
    note: v.optional(v.strictObject({ text: v.string() })),
  });
  const issuesOf = (value: unknown) => {
    const result = v.safeParse(Thread, value);
    if (result.success) throw new Error('expected a refusal');
    return result.issues;
  };

  test('each issue says what is wrong and where, by the value’s own keys and indexes', () => {
    const issues = issuesOf({
      messages: [
        { seq: 0, role: 'user' },
        { seq: -1, role: 'tool' },
      ],
    });
    expect(describeIssues(issues)).toBe(
      'Invalid value: Expected >=0 but received -1 at messages[1].seq; ' +
        'Invalid type: Expected ("user" | "assistant") but received "tool" at messages[1].role',
    );
    expect(issues.map(issuePath)).toEqual(['messages[1].seq', 'messages[1].role']);
  });

  test('a field the schema does not know is named with the object that has it', () => {
    expect(describeIssues(issuesOf({ messages: [], note: { text: 'x', by: 'me' } }))).toBe(
      'Unrecognized key: "by" at note',
    );
    expect(describeIssues(issuesOf({ messages: [], extra: 1 }))).toBe('Unrecognized key: "extra"');
  });

  test('a missing field is named', () => {
    expect(describeIssues(issuesOf({}))).toBe('Invalid key: Expected "messages" but received undefined at messages');
  });

  test('a refused value of megabytes is not quoted whole', () => {
    const text = describeIssues(issuesOf({ messages: [{ seq: 'x'.repeat(1_000_000), role: 'user' }] }));
    expect(text.length).toBeLessThan(300);
    expect(text).toMatch(/^Invalid type: Expected number but received "x+… at messages\[0\]\.seq$/);
  });
});
