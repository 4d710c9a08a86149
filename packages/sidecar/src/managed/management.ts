import { redactSecret } from '@roundtable/core/llm/redactSecret';
import type { FetchLike } from '@roundtable/core/ports';
import { type LoginEntry, parseLoginEntries } from './seats';

export type LoginProvider = 'claude' | 'codex' | 'antigravity' | 'kimi' | 'xai';

/** The logins the pinned release offers through its management API, in the order a user looks for them. */
export const LOGIN_PROVIDERS: readonly { id: LoginProvider; name: string; label: string; route: string }[] = [
  {
    id: 'claude',
    name: 'Claude',
    label: 'Claude (Pro or Max subscription)',
    route: 'anthropic-auth-url?is_webui=true',
  },
  { id: 'codex', name: 'ChatGPT', label: 'ChatGPT (Plus or Pro subscription)', route: 'codex-auth-url?is_webui=true' },
  {
    id: 'antigravity',
    name: 'Google Antigravity',
    label: 'Gemini and others through Google Antigravity',
    route: 'antigravity-auth-url?is_webui=true',
  },
  { id: 'kimi', name: 'Kimi', label: 'Kimi', route: 'kimi-auth-url' },
  { id: 'xai', name: 'Grok', label: 'Grok (xAI)', route: 'xai-auth-url' },
];

export type StartedLogin = { ok: true; url: string; state: string; userCode?: string } | { ok: false; reason: string };
export type LoginStatus = { status: 'wait' } | { status: 'ok' } | { status: 'error'; reason: string };

/**
 * The parts of CLIProxyAPI's management API Roundtable uses: starting a login (the proxy builds the provider's
 * sign-in URL and listens for its callback), following it, and cancelling it. The key is the managed proxy's
 * per-launch secret. The proxy bans a client after five wrong keys, so nothing here retries a refused key.
 */
export class ManagementClient {
  constructor(
    private readonly baseUrl: () => string | undefined,
    private readonly key: () => Promise<string | undefined>,
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  async startLogin(provider: LoginProvider): Promise<StartedLogin> {
    const entry = LOGIN_PROVIDERS.find((p) => p.id === provider);
    if (!entry) return { ok: false, reason: `Unknown provider ${provider}.` };
    const answer = await this.call('GET', `/${entry.route}`);
    if (!answer.ok) return answer;
    const body = answer.body as { url?: unknown; state?: unknown; user_code?: unknown; error?: unknown };
    if (typeof body.url !== 'string' || typeof body.state !== 'string') {
      return { ok: false, reason: `CLIProxyAPI could not start the ${entry.label} sign-in: ${describe(body)}` };
    }
    if (!body.url.startsWith('https://')) {
      return { ok: false, reason: `CLIProxyAPI gave a sign-in address that is not https; it was not opened.` };
    }
    return {
      ok: true,
      url: body.url,
      state: body.state,
      ...(typeof body.user_code === 'string' ? { userCode: body.user_code } : {}),
    };
  }

  async loginStatus(state: string): Promise<LoginStatus> {
    const answer = await this.call('GET', `/get-auth-status?state=${encodeURIComponent(state)}`);
    if (!answer.ok) return { status: 'error', reason: answer.reason };
    const body = answer.body as { status?: unknown; error?: unknown };
    if (body.status === 'wait') return { status: 'wait' };
    if (body.status === 'ok') return { status: 'ok' };
    return { status: 'error', reason: typeof body.error === 'string' ? body.error : 'The sign-in failed.' };
  }

  /** The logins the proxy holds and whether each is paused; empty when the proxy cannot tell. */
  async logins(): Promise<{ ok: true; logins: LoginEntry[] } | { ok: false; reason: string }> {
    const answer = await this.call('GET', '/auth-files');
    return answer.ok ? { ok: true, logins: parseLoginEntries(answer.body) } : answer;
  }

  /** Clears a login's pause (the proxy's `reset-quota`): the next request tries it again at once. */
  async resetCooldown(authIndex: string): Promise<{ ok: true } | { ok: false; reason: string }> {
    const answer = await this.call('POST', '/reset-quota', { auth_index: authIndex });
    return answer.ok ? { ok: true } : answer;
  }

  /** Enables a login the proxy holds disabled (`auth-files/status`), by its file name: its seat can answer again. */
  async enableLogin(login: {
    name: string;
    authIndex: string | undefined;
  }): Promise<{ ok: true } | { ok: false; reason: string }> {
    const answer = await this.call('PATCH', '/auth-files/status', {
      name: login.name,
      ...(login.authIndex ? { auth_index: login.authIndex } : {}),
      disabled: false,
    });
    return answer.ok ? { ok: true } : answer;
  }

  async cancelLogin(state: string): Promise<void> {
    await this.call('DELETE', `/oauth-session?state=${encodeURIComponent(state)}`);
  }

  private async call(
    method: 'GET' | 'DELETE' | 'POST' | 'PATCH',
    path: string,
    json?: unknown,
  ): Promise<{ ok: true; body: unknown } | { ok: false; reason: string }> {
    const base = this.baseUrl();
    const key = await this.key();
    if (!base || !key) return { ok: false, reason: 'CLIProxyAPI is not running yet.' };
    try {
      const response = await this.fetchImpl(`${base}/v0/management${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
        ...(json ? { body: JSON.stringify(json) } : {}),
        signal: AbortSignal.timeout(10_000),
      });
      // An answer may quote the request's Authorization header: the key is taken out here, once, for every use.
      const text = redactSecret(await response.text(), key);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      if (response.status === 401 || response.status === 403) {
        return { ok: false, reason: 'CLIProxyAPI refused Roundtable’s management key; restart it and try again.' };
      }
      if (!response.ok) {
        return {
          ok: false,
          reason: `CLIProxyAPI answered HTTP ${response.status}: ${describe(body)}`,
        };
      }
      return { ok: true, body };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: redactSecret(`CLIProxyAPI did not answer (${why}).`, key) };
    }
  }
}

function describe(body: unknown): string {
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return String(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 200);
}

export type LoginOutcome = { kind: 'ok' } | { kind: 'cancelled' } | { kind: 'failed'; reason: string };

/**
 * A whole sign-in: start it, hand the URL (and a device code, for device-flow providers) to the caller to show, then
 * poll until the provider's callback reached the proxy, it failed, the user cancelled, or `timeoutMs` passed (the
 * proxy itself waits five minutes). A cancelled or timed-out sign-in is cancelled in the proxy too.
 */
export async function runLogin(
  client: ManagementClient,
  provider: LoginProvider,
  options: {
    open: (url: string, userCode: string | undefined) => void | Promise<void>;
    signal: AbortSignal;
    pollMs?: number;
    timeoutMs?: number;
  },
): Promise<LoginOutcome> {
  const started = await client.startLogin(provider);
  if (!started.ok) return { kind: 'failed', reason: started.reason };
  await options.open(started.url, started.userCode);
  const deadline = Date.now() + (options.timeoutMs ?? 5 * 60_000);
  while (!options.signal.aborted && Date.now() < deadline) {
    const status = await client.loginStatus(started.state);
    if (status.status === 'ok') return { kind: 'ok' };
    if (status.status === 'error') return { kind: 'failed', reason: status.reason };
    await new Promise<void>((resolve) => {
      const stop = () => {
        clearTimeout(timer);
        options.signal.removeEventListener('abort', stop);
        resolve();
      };
      const timer = setTimeout(stop, options.pollMs ?? 2_000);
      options.signal.addEventListener('abort', stop, { once: true });
    });
  }
  await client.cancelLogin(started.state);
  if (options.signal.aborted) return { kind: 'cancelled' };
  const waited = options.timeoutMs ?? 5 * 60_000;
  const span = waited >= 60_000 ? `${Math.round(waited / 60_000)} minutes` : `${Math.round(waited / 1000)} s`;
  return { kind: 'failed', reason: `The sign-in was not finished within ${span}.` };
}
