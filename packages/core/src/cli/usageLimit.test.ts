// Each official CLI's "usage limit" failure, as its stdout says it (built after the recorded runs' shapes, with the
// words each CLI prints for a spent plan, docs/cli-*.md): a `rate-limit` marked as the plan's usage limit, with the
// moment it ends when the JSON says it, else its words carry the time the bench reads.
import { describe, expect, test } from 'vitest';
import { benchFor } from '../bench/benchFor';
import type { ChatError, StreamEvent } from '../llm/types';
import { readCliOutput } from './cliStream';
import type { CliDialect } from './dialect';
import { dialect as claude } from './dialects/claude';
import { dialect as codex } from './dialects/codex';
import { dialect as gemini } from './dialects/gemini';

const now = Date.parse('2026-12-14T10:00:00Z');
const lines = (...values: unknown[]) => new TextEncoder().encode(values.map((v) => `${JSON.stringify(v)}\n`).join(''));
function failure(dialect: CliDialect, ...values: unknown[]): ChatError {
  const events: StreamEvent[] = readCliOutput(dialect, [lines(...values)]).events;
  const last = events.at(-1);
  if (last?.type !== 'error') throw new Error(`no error: ${JSON.stringify(events)}`);
  return last.error;
}

describe('Claude Code', () => {
  const resetsAt = now / 1000 + 4 * 3600;
  const apiError = (text: string) => ({
    type: 'assistant',
    message: { content: [{ type: 'text', text }] },
    is_api_error_message: true,
    error: 'rate_limit',
    api_error_status: 429,
  });
  const result = (text: string) => ({ type: 'result', subtype: 'success', is_error: true, result: text });

  test('a rejected rate-limit window gives the moment it resets, as the plan’s usage limit', () => {
    const error = failure(
      claude,
      { type: 'rate_limit_event', rate_limit_info: { status: 'rejected', resetsAt, rateLimitType: 'five_hour' } },
      apiError("You've hit your limit · resets 2pm (UTC)"),
      result("You've hit your limit · resets 2pm (UTC)"),
    );
    expect(error).toEqual({
      kind: 'rate-limit',
      code: 'usage_limit_reached',
      resetAt: resetsAt * 1000,
      status: 429,
      message: "Claude Code hit a limit: You've hit your limit · resets 2pm (UTC)",
    });
    expect(benchFor(error, now)).toMatchObject({ until: resetsAt * 1000, cause: 'usage-limit' });
  });

  test('an allowed window says nothing; the words alone still give the time', () => {
    const error = failure(
      claude,
      { type: 'rate_limit_event', rate_limit_info: { status: 'allowed', resetsAt } },
      result('Claude AI usage limit reached|1797256800'),
    );
    expect(error).toMatchObject({ kind: 'rate-limit', code: 'usage_limit_reached' });
    expect(error.resetAt).toBeUndefined();
    expect(benchFor(error, now)?.until).toBe(1797256800 * 1000);
  });

  test('a per-minute rate limit is a rate limit, not the plan’s usage limit, and benches nothing without a time', () => {
    const words =
      'API Error: Request rejected (429) · Number of request tokens has exceeded your per-minute rate limit';
    const error = failure(claude, apiError(words), result(words));
    expect(error.code).toBeUndefined();
    expect(benchFor(error, now)).toBeUndefined();
  });
});

describe('Codex', () => {
  test('“You’ve hit your usage limit … Try again at 3:45 PM.” is the usage limit, until that minute is over', () => {
    const words =
      "You've hit your usage limit. Upgrade to Pro (https://chatgpt.com/explore/pro) or try again at 3:45 PM.";
    const error = failure(codex, { type: 'turn.failed', error: { message: words } });
    expect(error).toMatchObject({ kind: 'rate-limit', code: 'usage_limit_reached' });
    // The CLI cuts the seconds off: the seat is back once the minute it names is over, never before the real reset.
    expect(benchFor(error, now, 'UTC')?.until).toBe(Date.parse('2026-12-14T15:46:00Z'));
  });

  test('a 429 it retried in vain is a rate limit with no time', () => {
    const error = failure(codex, {
      type: 'turn.failed',
      error: { message: 'exceeded retry limit, last status: 429 Too Many Requests' },
    });
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429 });
    expect(error.code).toBeUndefined();
  });
});

describe('Gemini CLI', () => {
  test('“exhausted your capacity … reset after 2h52m39s” is the usage limit, until then', () => {
    const error = failure(gemini, {
      type: 'result',
      status: 'error',
      error: {
        type: 'unknown',
        message: '[API Error: You have exhausted your capacity on this model. Your quota will reset after 2h52m39s.]',
      },
    });
    expect(error).toMatchObject({ kind: 'rate-limit', code: 'usage_limit_reached' });
    expect(benchFor(error, now)?.until).toBe(now + (2 * 3600 + 52 * 60 + 39) * 1000);
  });
});

describe('usageLimitCode', () => {
  test('Claude Code’s words for its windows ("5-hour", "weekly") are the plan’s usage limit; a per-minute limit is not', async () => {
    const { usageLimitCode } = await import('./usageLimit');
    expect(usageLimitCode("You've hit your 5-hour limit · resets 7:26am (Asia/Kolkata)")).toEqual({
      code: 'usage_limit_reached',
    });
    expect(usageLimitCode("You've hit your weekly limit · resets Dec 11, 4:27am (Asia/Kolkata)")).toEqual({
      code: 'usage_limit_reached',
    });
    expect(usageLimitCode('Rate limit exceeded: 50 requests per minute')).toEqual({});
  });
});
