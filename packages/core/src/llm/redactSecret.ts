/** What a secret becomes in any text shown or logged. */
export const REDACTED = '[access key]';

/**
 * Removes every occurrence of `secret` from `text`. Error bodies can echo request headers (a proxy or a provider
 * quoting `Authorization` back), so every text that came from the network passes through here before it reaches a
 * log, the status pill or a thread.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || !text.includes(secret)) return text;
  return text.replaceAll(secret, REDACTED);
}
