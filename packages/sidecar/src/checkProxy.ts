import { describeErrorBody } from '@roundtable/core/llm/describeErrorBody';
import { readBounded } from '@roundtable/core/llm/limits';
import { redactSecret } from '@roundtable/core/llm/redactSecret';
import type { FetchLike } from '@roundtable/core/ports';
import * as v from 'valibot';

/** More than any model list; a body past it is cut (and then not a list), so a wrong server costs this at most. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** How long a health check may take before the proxy counts as unreachable. */
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

const ModelList = v.object({ data: v.array(v.object({ id: v.string() })) });

export interface ProxyHealth {
  ok: boolean;
  /** One line for the status pill: what is in use, or what is wrong and what to do. */
  detail: string;
  /** Sorted model ids the proxy can serve right now (only when ok). */
  models: string[];
  /** Set when the proxy refused Roundtable's access key, so the host can offer to set it. */
  needsAccessKey?: boolean;
}

export interface ProxyCheckRequest {
  root: string;
  accessKey?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/**
 * Asks CLIProxyAPI for `/v1/models`, its health check. A 200 with a model list is healthy; anything else is
 * explained in words the user can act on. The access key is sent only to this URL, and never appears in `detail`
 * (a body that echoes the request's headers is redacted).
 */
export async function checkProxy(request: ProxyCheckRequest, signal: AbortSignal): Promise<ProxyHealth> {
  const health = await askForModels(request, signal);
  return { ...health, detail: redactSecret(health.detail, request.accessKey) };
}

async function askForModels(request: ProxyCheckRequest, signal: AbortSignal): Promise<ProxyHealth> {
  const fetchImpl = request.fetch ?? fetch;
  const timeout = AbortSignal.timeout(request.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS);
  const url = `${request.root}/v1/models`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'GET',
      headers: request.accessKey ? { Authorization: `Bearer ${request.accessKey}` } : {},
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const why = timeout.aborted
      ? `no answer within ${(request.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS) / 1000} s`
      : causeOf(error);
    return {
      ok: false,
      models: [],
      detail: `Cannot reach CLIProxyAPI at ${request.root} (${why}). Start it, or check roundtable.sidecar.externalUrl and roundtable.sidecar.port.`,
    };
  }
  // The key is taken out before anything is cut from the text, so no part of it survives a cut.
  const read = await readBounded(response.body, MAX_BODY_BYTES).catch(() => ({ text: '', truncated: false }));
  const body = redactSecret(read.text, request.accessKey);
  if (!response.ok) {
    const error = describeErrorBody(response.status, body, response.headers);
    return {
      ok: false,
      models: [],
      detail: error.message,
      ...(error.kind === 'proxy-auth' ? { needsAccessKey: true } : {}),
    };
  }
  let models: string[];
  try {
    models = v
      .parse(ModelList, JSON.parse(body))
      .data.map((m) => m.id)
      .sort();
  } catch {
    return {
      ok: false,
      models: [],
      detail: `${request.root} answered /v1/models with something that is not CLIProxyAPI's model list. Is roundtable.sidecar.externalUrl right?`,
    };
  }
  const detail =
    models.length === 0
      ? `Connected to CLIProxyAPI at ${request.root}, but no account is logged in: it serves no models yet.`
      : `Connected to CLIProxyAPI at ${request.root}: ${models.length} model${models.length === 1 ? '' : 's'} available.`;
  return { ok: true, models, detail };
}

/** Node's fetch hides the real reason (ECONNREFUSED, ENOTFOUND) in `cause`. */
function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return typeof code === 'string' ? code : cause.message;
    }
    return error.message;
  }
  return String(error);
}
