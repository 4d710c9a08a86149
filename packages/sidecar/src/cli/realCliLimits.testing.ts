import type { ParticipantConfig, StreamEvent } from '@roundtable/core';
import type { RealCliKind } from '@roundtable/testkit/cli';
import { expect } from 'vitest';

// What the real CLIs' usage-limit conformance (realClis.limits.conformance.test.ts) knows of each pinned CLI: how it
// is made a subscriber, its words for a spent plan, and how it rounds the reset it passes on; and the two seats.

/** Not the machine's zone (UTC here): a CLI writes its reset in the zone it runs in, and the bench reads it so. */
export const ZONE = 'Asia/Kolkata';

/**
 * What each CLI needs beyond its stand-in's variables to be a subscriber. Claude Code reads the unified rate-limit
 * headers (and prints a `rate_limit_event`) only for a Claude.ai login, never for an API key: a placeholder OAuth token,
 * the key emptied. Codex and Gemini CLI judge the limit by the answer's body, whatever the login.
 */
export const SUBSCRIBER_ENV: Record<RealCliKind, Record<string, string>> = {
  claude: { ANTHROPIC_API_KEY: '', CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-standin-placeholder' },
  codex: {},
  gemini: {},
};

/** The CLI's own words for the limit, as each pinned version prints them (in `ZONE`). */
export const LIMIT_WORDS: Record<RealCliKind, RegExp> = {
  claude:
    /You've hit your (?:5-hour|weekly) limit · resets (?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}(?::\d{2})?[ap]m \(Asia\/Kolkata\)/,
  codex: /You’ve hit your usage limit\. .*try again at (?:[A-Z][a-z]{2} \d{1,2}[a-z]{2}, \d{4} )?\d{1,2}:\d{2} [AP]M\./,
  gemini: /You have exhausted your capacity on this model\. Your quota will reset after \d+h\d+m\d+s\./,
};

/**
 * Where the bench must end, from the reset the stand-in sent (`resetsAt`, seconds) and each CLI's own rounding:
 * - Claude Code passes the moment on whole (`resetsAt` of its `rate_limit_event`);
 * - Codex writes it as a time of day to the minute, seconds cut off: read as the end of that minute;
 * - Gemini CLI passes on the wait the answer stated ("after 2h52m37s", to the second), counted from when the stand-in
 *   answered (between `before` and `after`); the bench counts it from its own `benchNow`.
 */
export function expectBenchedUntil(
  kind: RealCliKind,
  until: number,
  resetsAt: number,
  times: { before: number; after: number; benchNow: number },
): void {
  const reset = resetsAt * 1000;
  switch (kind) {
    case 'claude':
      expect(until).toBe(reset);
      return;
    case 'codex':
      expect(until).toBe((Math.floor(resetsAt / 60) + 1) * 60_000);
      return;
    case 'gemini':
      expect(until).toBeGreaterThanOrEqual(reset + times.benchNow - times.after - 500);
      expect(until).toBeLessThanOrEqual(reset + times.benchNow - times.before + 500);
      return;
  }
}

export const seat: ParticipantConfig = {
  id: 'opus',
  displayName: 'Opus',
  color: '#D97706',
  model: 'test-model',
  enabled: true,
};
/** A seat beside it that answers at once (no CLI), so `@all` goes on without the benched one. */
export const other: ParticipantConfig = {
  id: 'gpt',
  displayName: 'GPT',
  color: '#10A37F',
  model: 'other-model',
  enabled: true,
};

/** A reply of the seat beside it: a few words, at once. */
export async function* answered(text: string): AsyncIterable<StreamEvent> {
  yield { type: 'delta', text };
  yield { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } };
  yield { type: 'finish', reason: 'stop' };
}
