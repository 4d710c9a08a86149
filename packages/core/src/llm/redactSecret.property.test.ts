// Whatever the key looks like, however the server wrote each of its characters, and wherever a cut falls (before
// the redaction, as a bounded read does, or after it, as an excerpt does), no run of 8 of its characters survives:
// neither as written nor once decoded the way the error's text is.
import { keyFragmentsIn } from '@roundtable/testkit';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { describeErrorBody } from './describeErrorBody';
import { MIN_SECRET_FRAGMENT, redactSecret } from './redactSecret';

const hex = (code: number, width: number, upper: boolean) => {
  const digits = code.toString(16).padStart(width, '0');
  return upper ? digits.toUpperCase() : digits;
};

/** The ways one character may be written back; each is applied to one character of the key. */
const FORMS: readonly ((c: string) => string)[] = [
  (c) => c,
  (c) => `\\u${hex(c.charCodeAt(0), 4, false)}`,
  (c) => `\\u${hex(c.charCodeAt(0), 4, true)}`,
  (c) => `\\\\u${hex(c.charCodeAt(0), 4, false)}`,
  (c) => [...new TextEncoder().encode(c)].map((b) => `%${hex(b, 2, true)}`).join(''),
  (c) => [...new TextEncoder().encode(c)].map((b) => `%${hex(b, 2, false)}`).join(''),
  (c) => `&#${c.charCodeAt(0)};`,
];

const keyChar = fc.constantFrom(...'abcdefXYZ0123456789-_.~&<>+=/:é'.split(''));
const key = fc
  .tuple(fc.constantFrom('sk-', 'sk-local-', ''), fc.array(keyChar, { minLength: 8, maxLength: 40 }))
  .map(([prefix, chars]) => prefix + chars.join(''));
/** Text around the echo, from characters no key holds, so a fragment found can only come from the key. */
const filler = fc.string({ unit: fc.constantFrom('#', '(', ')', ',', ' ', '\n', 'Ж'), maxLength: 60 });

const echoed = fc
  .tuple(key, filler, filler)
  .chain(([secret, before, after]) =>
    fc.record({
      secret: fc.constant(secret),
      before: fc.constant(before),
      after: fc.constant(after),
      forms: fc.array(fc.nat(FORMS.length - 1), { minLength: secret.length, maxLength: secret.length }),
      cut: fc.nat(before.length + secret.length * 12 + after.length),
      keepStart: fc.boolean(),
    }),
  )
  .map((c) => {
    const written = [...c.secret].map((ch, i) => (FORMS[c.forms[i] ?? 0] as (c: string) => string)(ch));
    return { ...c, written, text: c.before + written.join('') + c.after };
  });

/** Each run of the key's characters, spelled exactly as the echo spelled it. */
function writtenRuns(written: readonly string[]): string[] {
  const runs: string[] = [];
  for (let i = 0; i + MIN_SECRET_FRAGMENT <= written.length; i++)
    runs.push(written.slice(i, i + MIN_SECRET_FRAGMENT).join(''));
  return runs;
}

const cutAt = (text: string, at: number, keepStart: boolean) => (keepStart ? text.slice(0, at) : text.slice(at));

describe('redactSecret, whatever the key, its spelling and the cut', () => {
  test('a cut before the redaction leaves no run of 8 characters, as written', () => {
    fc.assert(
      fc.property(echoed, ({ secret, written, text, cut, keepStart }) => {
        const clean = redactSecret(cutAt(text, cut, keepStart), secret);
        for (const run of writtenRuns(written)) expect(clean).not.toContain(run);
        expect(keyFragmentsIn(clean, secret)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  test('a cut after the redaction leaves nothing of it', () => {
    fc.assert(
      fc.property(echoed, ({ secret, written, text, cut, keepStart }) => {
        const clean = cutAt(redactSecret(text, secret), cut, keepStart);
        for (const run of writtenRuns(written)) expect(clean).not.toContain(run);
      }),
      { numRuns: 1000 },
    );
  });

  test('a JSON error body echoing the key in any \\u spelling, anywhere around the 400-character excerpt, yields a message without it', () => {
    const jsonForms = fc.array(fc.nat(2), { minLength: 64, maxLength: 64 });
    fc.assert(
      fc.property(key, fc.integer({ min: 370, max: 420 }), jsonForms, (secret, at, forms) => {
        const spelled = [...secret]
          .map((ch, i) => {
            const form = forms[i] ?? 0;
            if (form === 0 && /[&<>]/.test(ch)) return `\\u00${hex(ch.charCodeAt(0), 2, false)}`;
            return form === 0 ? JSON.stringify(ch).slice(1, -1) : (FORMS[form] as (c: string) => string)(ch);
          })
          .join('');
        const body = `{"error":{"message":"${'m'.repeat(at)}${spelled} was sent","type":"authentication_error"}}`;
        const error = describeErrorBody(401, redactSecret(body, secret), { get: () => null });
        expect(keyFragmentsIn(redactSecret(error.message, secret), secret)).toEqual([]);
        expect(keyFragmentsIn(error.message, secret)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
