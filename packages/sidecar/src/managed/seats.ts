import type { LoginProvider } from './management';

/** One login the proxy holds, as its management API lists it (tokens and claims are never kept). */
export interface LoginEntry {
  provider: string;
  /** The login's file name in the proxy (not its contents): what `auth-files/status` enables it by. */
  name: string;
  /** Which login this is, for `reset-quota`. */
  authIndex: string | undefined;
  label: string;
  disabled: boolean;
  unavailable: boolean;
  /** When the proxy tries it again, in milliseconds since the epoch, while it is unavailable. */
  nextRetryAt: number | undefined;
  statusMessage: string;
}

/** What a participant's seat can do right now. */
export type SeatState =
  | { kind: 'ready'; provider: string }
  | { kind: 'cooling'; provider: string; until: number | undefined; reason: string; authIndex: string | undefined }
  | { kind: 'needs-login'; provider: string }
  /** Every login it has is disabled in the proxy: enabling one (by its file name) seats it again. */
  | { kind: 'disabled'; provider: string; login: { name: string; authIndex: string | undefined } }
  | { kind: 'unknown' };

/**
 * Reads `GET /v0/management/auth-files`. Only the fields a seat needs are kept: the listing also carries account
 * details and token claims, which Roundtable neither needs nor keeps. An entry it cannot read is skipped.
 */
export function parseLoginEntries(body: unknown): LoginEntry[] {
  const files = (body as { files?: unknown })?.files;
  if (!Array.isArray(files)) return [];
  const entries: LoginEntry[] = [];
  for (const file of files) {
    if (typeof file !== 'object' || file === null) continue;
    const f = file as Record<string, unknown>;
    const provider = typeof f.provider === 'string' ? f.provider : typeof f.type === 'string' ? f.type : '';
    if (!provider) continue;
    const retry = typeof f.next_retry_after === 'string' ? Date.parse(f.next_retry_after) : Number.NaN;
    entries.push({
      provider: provider.toLowerCase(),
      name: typeof f.name === 'string' ? f.name : '',
      authIndex:
        typeof f.auth_index === 'string'
          ? f.auth_index
          : typeof f.auth_index === 'number'
            ? String(f.auth_index)
            : undefined,
      label: typeof f.label === 'string' && f.label ? f.label : typeof f.name === 'string' ? f.name : provider,
      disabled: f.disabled === true,
      unavailable: f.unavailable === true,
      nextRetryAt: Number.isFinite(retry) ? retry : undefined,
      statusMessage: typeof f.status_message === 'string' ? f.status_message : '',
    });
  }
  return entries;
}

/**
 * The login a model needs, from its name, until participants name their provider: Claude models need a Claude
 * login, GPT and Codex models a ChatGPT (Codex) one, and so on. Undefined when the name says nothing.
 */
export function providerForModel(model: string): LoginProvider | undefined {
  const name = model.toLowerCase().replace(/\(.*\)$/, '');
  if (name.startsWith('claude')) return 'claude';
  if (/^(gpt|o\d|codex)/.test(name)) return 'codex';
  if (name.startsWith('gemini')) return 'antigravity';
  if (name.startsWith('kimi')) return 'kimi';
  if (name.startsWith('grok')) return 'xai';
  return undefined;
}

/** The proxy's own names for a login provider, as `auth-files` lists them. */
const PROXY_NAMES: Record<LoginProvider, readonly string[]> = {
  claude: ['claude', 'anthropic'],
  codex: ['codex', 'openai'],
  antigravity: ['antigravity', 'gemini'],
  kimi: ['kimi'],
  xai: ['xai', 'grok'],
};

/**
 * A seat is ready when one enabled login of its provider is available; cooling when all of them are paused (until
 * the earliest retry); disabled when it has logins but each is disabled in the proxy (the first named can be
 * enabled); needs a login when there is none. `now` is a parameter so the answer is a pure function.
 */
export function seatState(model: string, logins: readonly LoginEntry[], now: number): SeatState {
  const provider = providerForModel(model);
  if (!provider) return { kind: 'unknown' };
  const names = PROXY_NAMES[provider];
  const all = logins.filter((l) => names.includes(l.provider));
  const own = all.filter((l) => !l.disabled);
  const off = all.find((l) => l.name !== '');
  if (own.length === 0 && off)
    return { kind: 'disabled', provider, login: { name: off.name, authIndex: off.authIndex } };
  if (own.length === 0) return { kind: 'needs-login', provider };
  const paused = (l: LoginEntry) => l.unavailable && (l.nextRetryAt === undefined || l.nextRetryAt > now);
  if (own.some((l) => !paused(l))) return { kind: 'ready', provider };
  const soonest = own.reduce<LoginEntry | undefined>(
    (best, l) =>
      best === undefined || (l.nextRetryAt ?? Number.POSITIVE_INFINITY) < (best.nextRetryAt ?? Number.POSITIVE_INFINITY)
        ? l
        : best,
    undefined,
  );
  return {
    kind: 'cooling',
    provider,
    until: soonest?.nextRetryAt,
    reason: soonest?.statusMessage || 'The provider asked the proxy to wait.',
    authIndex: soonest?.authIndex,
  };
}
