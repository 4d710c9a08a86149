import { describe, expect, test } from 'vitest';
import { REDACTED, redactSecret, redactSecrets } from './redactSecret';

const key = 'sk-local&proxy-SECRET-43';

describe('redactSecret finds the key in the forms a server echoes it in', () => {
  test.each([
    ['raw', 'sk-local&proxy-SECRET-43'],
    ['JSON-escaped as Go writes it', 'sk-local\\u0026proxy-SECRET-43'],
    ['JSON-escaped with upper-case hex', 'sk\\u002Dlocal\\u0026proxy\\u002DSECRET-43'],
    ['every character escaped', [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
    ['escaped twice (JSON inside a JSON string)', 'sk-local\\\\u0026proxy-SECRET-43'],
    ['percent-encoded', 'sk-local%26proxy-SECRET-43'],
    ['percent-encoded twice', 'sk-local%2526proxy-SECRET-43'],
    ['as an HTML reference', 'sk-local&amp;proxy-SECRET-43'],
    ['as a numeric HTML reference', 'sk-local&#x26;proxy-SECRET-43'],
  ])('%s', (_name, echoed) => {
    expect(redactSecret(`Invalid key "${echoed}" sent`, key)).toBe(`Invalid key "${REDACTED}" sent`);
  });

  test('a piece of 8 characters or more left by a cut is removed, at either end', () => {
    expect(redactSecret('bad key: sk-local\\u0026prox', key)).toBe(`bad key: ${REDACTED}`);
    expect(redactSecret('bad key: sk-local\\u00', key)).toBe(`bad key: ${REDACTED}\\u00`);
    expect(redactSecret('-SECRET-43 was sent', key)).toBe(`${REDACTED} was sent`);
  });

  test('fewer than 8 characters of it are left alone, and so is text without it (unchanged, not copied)', () => {
    expect(redactSecret('bad key: sk-loca', key)).toBe('bad key: sk-loca');
    const text = 'nothing secret here & nothing %26 escaped \\u0026 either';
    expect(redactSecret(text, key)).toBe(text);
  });

  test('a secret shorter than 8 characters is matched whole only', () => {
    expect(redactSecret('pw a&b1 and a&b', 'a&b1')).toBe(`pw ${REDACTED} and a&b`);
    expect(redactSecret('pw a\\u0026b1', 'a&b1')).toBe(`pw ${REDACTED}`);
  });

  test('no secret, or an empty text, changes nothing', () => {
    expect(redactSecret(key, undefined)).toBe(key);
    expect(redactSecret(key, '')).toBe(key);
    expect(redactSecret('', key)).toBe('');
  });

  test('redactSecrets takes out each secret it is given and skips unset ones', () => {
    const password = '0123456789abcdef0123';
    expect(redactSecrets(`${key} and ${password}`, [key, undefined, password])).toBe(`${REDACTED} and ${REDACTED}`);
  });
});
