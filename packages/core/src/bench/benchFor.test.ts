import { describe, expect, test } from 'vitest';
import { describeErrorBody } from '../llm/describeErrorBody';
import { coolingAfterEarlierFailure } from '../llm/streamErrors';
import type { ChatError } from '../llm/types';
import { benchFor, PROXY_PAUSE_MS } from './benchFor';

const now = Date.parse('2026-12-14T10:00:00Z');
const headers = (values: Record<string, string> = {}) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});
const body = (status: number, payload: unknown, h?: Record<string, string>) =>
  describeErrorBody(status, JSON.stringify(payload), headers(h));

describe('benchFor: which failures bench a seat, and until when', () => {
  test('the proxy’s 429 model_cooldown: until reset_seconds from now, as a usage limit', () => {
    const error = body(429, {
      error: { code: 'model_cooldown', message: 'All credentials cooling', reset_seconds: 86_400 },
    });
    expect(benchFor(error, now)).toEqual({ until: now + 86_400_000, cause: 'usage-limit', reason: error.message });
  });

  test('a model_cooldown with only reset_time reads the Go duration', () => {
    const error = body(429, { error: { code: 'model_cooldown', message: 'cooling', reset_time: '24h0m0s' } });
    expect(benchFor(error, now)?.until).toBe(now + 86_400_000);
  });

  test('Codex’s usage_limit_reached: until its resets_at moment', () => {
    const resetsAt = now / 1000 + 7200;
    const error = body(429, { error: { type: 'usage_limit_reached', message: 'Limit', resets_at: resetsAt } });
    expect(benchFor(error, now)).toMatchObject({ until: resetsAt * 1000, cause: 'usage-limit' });
  });

  test('a 503 auth_unavailable: the proxy’s usual pause, said as a pause', () => {
    const error = body(503, { error: { message: 'auth_unavailable: no auth available (providers=claude, model=m)' } });
    expect(benchFor(error, now)).toMatchObject({ until: now + PROXY_PAUSE_MS, cause: 'paused' });
  });

  test('the cooling 503 soon after a failure: until the pause’s end', () => {
    expect(benchFor(coolingAfterEarlierFailure('m', 20_000), now)).toMatchObject({
      until: now + 40_000,
      cause: 'paused',
    });
  });

  test('a plain 429 with a Retry-After of days (a keyless endpoint): a rate limit until then', () => {
    const error = body(429, { error: { message: 'slow down' } }, { 'retry-after': String(3 * 86_400) });
    expect(benchFor(error, now)).toMatchObject({ until: now + 3 * 86_400_000, cause: 'rate-limit' });
  });

  test('Google’s RESOURCE_EXHAUSTED with a retryDelay', () => {
    const error = body(429, {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'quota',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' }],
      },
    });
    expect(benchFor(error, now)?.until).toBe(now + 30_000);
  });

  test('a CLI’s limit whose time is only in its words', () => {
    const error: ChatError = {
      kind: 'rate-limit',
      code: 'usage_limit_reached',
      message:
        'Gemini CLI hit a limit: You have exhausted your capacity on this model. Your quota will reset after 1h0m0s.',
    };
    expect(benchFor(error, now)).toMatchObject({ until: now + 3_600_000, cause: 'usage-limit' });
  });

  test('a limit with no stated time, a wait of zero, and other failures bench nothing', () => {
    expect(benchFor(body(429, { error: { message: 'slow down' } }), now)).toBeUndefined();
    expect(
      benchFor(body(429, { error: { code: 'model_cooldown', message: 'c', reset_seconds: 0 } }), now),
    ).toBeUndefined();
    expect(benchFor(body(500, { error: { message: 'boom' } }), now)).toBeUndefined();
    expect(benchFor(body(401, { error: { type: 'authentication_error', message: 'expired' } }), now)).toBeUndefined();
    expect(benchFor({ kind: 'timeout', message: 'slow', retryAfterSeconds: 30 }, now)).toBeUndefined();
  });
});
