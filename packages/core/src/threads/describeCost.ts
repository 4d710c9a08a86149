import type { Message } from '../transcript/schema';

const count = new Intl.NumberFormat('en-US');

/** Seconds as a person reads a wait: `0.8 s`, `12 s`, `2 min 5 s`. */
export function formatElapsed(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * What a reply cost, in one line: how long it took (and until its first text), and the tokens it read and wrote as
 * the provider reported them, or estimated and said so. Undefined for a reply that says nothing of either.
 */
export function describeCost(m: Pick<Message, 'timing' | 'usage'>): string | undefined {
  const parts: string[] = [];
  if (m.timing) {
    parts.push(formatElapsed(m.timing.totalMs));
    if (m.timing.firstTokenMs !== undefined) parts.push(`first text after ${formatElapsed(m.timing.firstTokenMs)}`);
  }
  if (m.usage) {
    const tokens = `${count.format(m.usage.inputTokens)} tokens in, ${count.format(m.usage.outputTokens)} out`;
    parts.push(m.usage.estimated ? `about ${tokens} (estimated)` : tokens);
  }
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
