import { modelIdsOf } from '@roundtable/core/llm/modelIds';
import type { FetchLike } from '@roundtable/core/ports';
import { loopbackApiBase } from '../adapters/readProviders';
import { parseJson, unreachable } from '../proxy/modelListFailures';

// Finding OpenAI-compatible model servers on this machine, for **Roundtable: Add a Local Model Server**. No vscode
// here: the command's picker (addLocalModelServer.ts) calls these, and tests run them against real sockets.

/** Long enough for a loaded server on loopback, short enough that looking at three ports feels instant. */
export const PROBE_TIMEOUT_MS = 1_500;

/** Which server answered: the name, the provider id and the start hint follow from it. `openai`: one we do not know. */
export type ServerKind = 'llamacpp' | 'ollama' | 'lmstudio' | 'openai';

/** The servers looked for without asking, on the ports they listen on unless told otherwise. */
export const USUAL_SERVERS: readonly { kind: ServerKind; port: number }[] = [
  { kind: 'llamacpp', port: 8080 },
  { kind: 'ollama', port: 11434 },
  { kind: 'lmstudio', port: 1234 },
];

export const KIND_NAMES: Readonly<Record<ServerKind, string>> = {
  llamacpp: 'llama.cpp',
  ollama: 'Ollama',
  lmstudio: 'LM Studio',
  openai: 'OpenAI-compatible server',
};

/** How to get each known server running with a model on its usual port, for when none answered. */
export const START_HINTS: readonly string[] = [
  'llama.cpp: `llama-server -m model.gguf --port 8080`',
  'Ollama: `ollama serve`, then `ollama pull llama3.2`',
  'LM Studio: load a model, then Developer › Start Server (port 1234)',
];

export interface LocalServer {
  kind: ServerKind;
  /** What pickers and messages call it: `llama.cpp at 127.0.0.1:8080`. */
  label: string;
  /** The API base as `roundtable.providers` holds it (`loopbackApiBase`'s form): `http://127.0.0.1:8080/v1`. */
  apiBase: string;
  /** Every name it answers to (each model's id and aliases), sorted, without repeats; possibly none. */
  models: string[];
}

export type ProbeResult = { ok: true; server: LocalServer } | { ok: false; apiBase: string; reason: string };

export interface ProbeOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
}

/**
 * What the user typed as a server's address: a port (1-65535, on 127.0.0.1), or an http(s) URL on this machine under
 * `roundtable.providers`' own rule (`loopbackApiBase`), with or without its scheme. A URL with no path means the
 * server's root, whose OpenAI API is under `/v1`; one with a path is taken as the API base itself.
 */
export function parseServerAddress(text: string): { ok: true; apiBase: string } | { ok: false; reason: string } {
  const typed = text.trim();
  if (typed === '') return { ok: false, reason: 'Enter a port, such as 8080, or a URL such as http://127.0.0.1:8080.' };
  if (/^\d+$/.test(typed)) {
    const port = Number(typed);
    if (port < 1 || port > 65535) return { ok: false, reason: 'A port is a whole number from 1 to 65535.' };
    return { ok: true, apiBase: `http://127.0.0.1:${port}/v1` };
  }
  const base = loopbackApiBase(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`);
  if (base === undefined) {
    return {
      ok: false,
      reason:
        'Only a server on this machine can be added: a port, or an http(s) URL on 127.0.0.1, [::1] or localhost ' +
        'with no user, query or #, such as http://127.0.0.1:8080.',
    };
  }
  return { ok: true, apiBase: new URL(base).pathname === '/' ? `${base}/v1` : base };
}

/** The usual ports, all at once: every answer (or why there is none) in `USUAL_SERVERS`' order. */
export function probeUsualServers(options: ProbeOptions = {}): Promise<ProbeResult[]> {
  return Promise.all(USUAL_SERVERS.map(({ port }) => probeServer(`http://127.0.0.1:${port}/v1`, options)));
}

/**
 * Asks one server for its models (`GET {apiBase}/models`) and names it from its answer, else its port. Nothing but
 * the GET is sent. Never throws: every failure is a sentence naming the address. A redirect is refused, so the
 * answer always comes from the loopback address asked.
 */
export async function probeServer(apiBase: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const url = `${apiBase}/models`;
  const where = hostOf(apiBase);
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const failed = (reason: string): ProbeResult => ({ ok: false, apiBase, reason });
  try {
    // The timeout covers the body too: a server that sends headers and then nothing is as good as none.
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    const body = await response.text();
    if (!response.ok) {
      return failed(`${where} answered ${url} with HTTP ${response.status}: not an OpenAI-compatible API there`);
    }
    const answer = parseJson(body);
    const models = modelIdsOf(answer);
    if (!models) return failed(`${where} answered, but not with an OpenAI model list ({"data": [{"id": …}]})`);
    const kind = kindOf(new URL(apiBase).port, response.headers.get('server'), answer);
    // A name the participant reader would trim or refuse (blank, over 200 characters) could never be seated.
    const seatable = models.filter((m) => m === m.trim() && m.length <= 200);
    return { ok: true, server: { kind, label: `${KIND_NAMES[kind]} at ${where}`, apiBase, models: seatable } };
  } catch (error) {
    return failed(unreachable(error, { listening: where, asked: where, timeoutMs }));
  }
}

/**
 * The server's kind from what it says first (llama.cpp sends `Server: llama.cpp` and lists models `owned_by`
 * `llamacpp`; LM Studio's are `organization_owner`), then from its usual port (Ollama says nothing of itself here).
 */
function kindOf(port: string, server: string | null, answer: unknown): ServerKind {
  const owners = new Set(
    ((answer as { data: unknown[] }).data ?? []).map((m) => (m as { owned_by?: unknown } | null)?.owned_by),
  );
  if (server?.toLowerCase().includes('llama.cpp') || owners.has('llamacpp')) return 'llamacpp';
  if (owners.has('organization_owner')) return 'lmstudio';
  return USUAL_SERVERS.find((s) => String(s.port) === port)?.kind ?? 'openai';
}

/** `127.0.0.1:8080`, and the path when the API is not at the usual `/v1`. */
function hostOf(apiBase: string): string {
  const url = new URL(apiBase);
  return url.pathname === '/v1' ? url.host : `${url.host}${url.pathname}`;
}
