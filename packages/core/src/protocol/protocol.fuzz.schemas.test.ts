// The protocol's schemas of both directions on hostile values: they answer every one, and describe a failure briefly.
//
// Both ends of the webview protocol take whatever arrives through postMessage. The schemas must answer every value
// (never throw, whatever its size, depth or keys), the log line for a dropped message must stay short, and the host's
// view controller must drop what fails: logged once, never answered, and without disturbing what comes next.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ADVERSARIAL, expectAnswered, hostile, UNUSUAL_BUT_VALID } from '../../test/support/protocolHostile';
import { hostMessages, intents } from '../../test/support/protocolSamples';
import { HostToWebview as HostToWebviewSchema, WebviewToHost as WebviewToHostSchema } from './messages';

describe('the protocol schemas', () => {
  test('accept one valid message of every type (so the mutants start from valid messages)', () => {
    for (const message of Object.values(intents)) expect(v.safeParse(WebviewToHostSchema, message).success).toBe(true);
    for (const message of Object.values(hostMessages))
      expect(v.safeParse(HostToWebviewSchema, message).success).toBe(true);
  });

  test('answer every value without throwing, and describe a failure in a short line', () => {
    fc.assert(fc.property(hostile, expectAnswered), { numRuns: 300 });
  });

  test.each(ADVERSARIAL)('the same for %s', (_name, make) => {
    const raw = make();
    expectAnswered(raw);
    expect(v.safeParse(WebviewToHostSchema, raw).success).toBe(false);
    expect(v.safeParse(HostToWebviewSchema, raw).success).toBe(false);
  });

  test.each(UNUSUAL_BUT_VALID)('%s is read like the plain object', (_name, make) => {
    expect(v.safeParse(WebviewToHostSchema, make()).output).toEqual(intents['thread/new']);
  });

  test('an own __proto__ key never changes the prototype of what parses, nor of anything else', () => {
    const raw = JSON.parse(
      `{"v":2,"seq":1,"threadId":"t","type":"seats/changed","payload":{"__proto__":{"kind":"needs-login","provider":"x","polluted":true}}}`,
    );
    const parsed = v.safeParse(HostToWebviewSchema, raw);
    if (parsed.success) {
      expect(Object.getPrototypeOf(parsed.output.payload)).toBe(Object.prototype);
      expect(Object.keys(parsed.output.payload)).toEqual([]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).kind).toBeUndefined();
  });
});
