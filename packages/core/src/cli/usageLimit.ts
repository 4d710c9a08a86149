import type { ChatError } from '../llm/types';

/**
 * The official CLIs' words for a plan's usage limit or a spent quota, as opposed to a per-minute rate limit: Claude
 * Code's "usage limit reached" and "You've hit your limit · resets 3pm" (or your "5-hour" / "weekly" limit), Codex's "You've hit your usage limit",
 * Gemini CLI's "exhausted your capacity / daily quota" and "Your quota will reset after 2h52m39s".
 */
const USAGE_LIMIT =
  /usage limit|hit your (?:[\w-]+ )?limit|limit will reset|exhausted your (?:daily )?(?:quota|capacity)|quota will reset|insufficient_quota/i;

/** `{ code: 'usage_limit_reached' }` when a CLI's words say its plan's limit is spent (the bench then says so). */
export function usageLimitCode(words: string): Pick<ChatError, 'code'> {
  return USAGE_LIMIT.test(words) ? { code: 'usage_limit_reached' } : {};
}
