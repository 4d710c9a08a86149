import { canStartForm, formLengthAt } from './secretForms';

/** What a secret becomes in any text shown or logged. */
export const REDACTED = '[access key]';

/**
 * A run of this many characters of a secret is treated as the secret: a cut (an excerpt's 400 characters, a bounded
 * read) can leave a prefix of it at the end of a text, or a suffix at the start, and 8 characters of a random key
 * are already too much to show. A shorter secret is matched whole.
 */
export const MIN_SECRET_FRAGMENT = 8;

/**
 * Removes `secret` from `text` in every form a server may echo it in: raw, JSON-escaped (`\u0026` for `&`, as Go
 * writes it, in any mix of escaped and raw characters), percent-encoded, as HTML references (see `formLengthAt`),
 * and any piece of it of `MIN_SECRET_FRAGMENT` characters or more, so that a cut made before or after this call
 * leaves no usable part of it. Error bodies can echo request headers (a proxy or a provider quoting `Authorization`
 * back), so every text that came from the network passes through here, before it is decoded and again after, and
 * before anything is cut from it, on its way to a log, the status pill, a thread or the diagnostics.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || !text) return text;
  const minRun = Math.min(secret.length, MIN_SECRET_FRAGMENT);
  const starts = runStarts(secret, minRun);
  let out = '';
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const candidates = starts.get(text[at] as string) ?? (canStartForm(text[at]) ? starts.get(ANY) : undefined);
    const end = candidates ? longestRunAt(text, at, secret, candidates, minRun) : at;
    if (end > at) {
      out += text.slice(copied, at) + REDACTED;
      copied = end;
      at = end;
    } else {
      at++;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `redactSecret` for each secret in turn (the access key, the management password…); unset ones are skipped. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  return secrets.reduce<string>((clean, secret) => redactSecret(clean, secret), text);
}

/** The key under which `runStarts` keeps every start, for a character that may begin an escaped form. */
const ANY = '';

/**
 * Where in `secret` a run that begins with a given character of the text may start: the positions holding that
 * character, plus every position for a character that may begin an escape (`\`, `%`, `&`, `+`). Positions too close
 * to the end for a run of `minRun` are left out.
 */
function runStarts(secret: string, minRun: number): Map<string, number[]> {
  const all = Array.from({ length: secret.length - minRun + 1 }, (_, i) => i);
  const starts = new Map<string, number[]>([[ANY, all]]);
  for (const i of all) {
    const char = secret[i] as string;
    starts.set(char, [...(starts.get(char) ?? []), i]);
  }
  for (const char of starts.keys()) if (canStartForm(char)) starts.set(char, all);
  return starts;
}

/**
 * Where the longest run of consecutive characters of `secret` (at least `minRun` of them, in any of their forms)
 * that starts at `at`, at one of the positions `candidates`, ends; `at` when there is none.
 */
function longestRunAt(text: string, at: number, secret: string, candidates: readonly number[], minRun: number): number {
  let best = at;
  for (const start of candidates) {
    let position = at;
    let matched = 0;
    while (start + matched < secret.length && position < text.length) {
      const length = formLengthAt(text, position, secret[start + matched] as string);
      if (length === 0) break;
      position += length;
      matched++;
    }
    if (matched >= minRun && position > best) best = position;
  }
  return best;
}
