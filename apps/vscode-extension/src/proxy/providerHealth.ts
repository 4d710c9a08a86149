import { modelIdsOf } from '@roundtable/core/llm/modelIds';
import type { FetchLike } from '@roundtable/core/ports';
import type { CliDetection } from '@roundtable/sidecar/cli/detectCli';
import type { CliProviderConfig, ProviderConfig } from '../adapters/readProviders';
import { parseJson, unreachable } from './modelListFailures';

/** How long a provider may take to list its models before it counts as unreachable. */
export const PROVIDER_CHECK_TIMEOUT_MS = 5_000;

/** A provider's answer to `GET {baseUrl}/models`: the names it serves (ids and aliases, sorted), or why there are none. */
export type ProviderHealth = { ok: true; models: string[] } | { ok: false; reason: string };

/**
 * Asks one provider for its models (OpenAI's `{ data: [{ id }] }`). Nothing is sent but the GET: these endpoints
 * need no key, and Roundtable's proxy key is never theirs. Never throws; every failure is a sentence.
 */
export async function checkProvider(
  baseUrl: string,
  options: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<ProviderHealth> {
  const url = `${baseUrl}/models`;
  const timeoutMs = options.timeoutMs ?? PROVIDER_CHECK_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  try {
    // The timeout covers the body too: a server that sends headers and then nothing is as unreachable as none.
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    const excerpt = body.trim() ? `: ${body.trim().slice(0, 200)}` : '';
    if (!response.ok) return { ok: false, reason: `${url} answered HTTP ${response.status}${excerpt}` };
    const models = modelIdsOf(parseJson(body));
    if (!models) {
      return { ok: false, reason: `${url} did not answer with a model list ({"data": [{"id": …}]})${excerpt}` };
    }
    return { ok: true, models };
  } catch (error) {
    return { ok: false, reason: unreachable(error, { listening: baseUrl, asked: url, timeoutMs }) };
  }
}

/**
 * The diagnostics' lines about `roundtable.providers`, every entry checked side by side: `provider local (Copilot)
 * at …: up, 2 models: a, b`, then a line for each participant seated on it whose model it does not list; for a CLI,
 * `provider claude-code (Claude Code), the claude CLI: 2.1.328 at /usr/local/bin/claude`, or why it cannot be used.
 */
export async function providerReport(
  providers: readonly ProviderConfig[],
  participants: readonly { id: string; model: string; provider?: string }[],
  probes: {
    check?: (baseUrl: string) => Promise<ProviderHealth>;
    detect: (provider: CliProviderConfig) => Promise<CliDetection>;
  },
): Promise<string[]> {
  if (providers.length === 0) return ['roundtable.providers: (none)'];
  const check = probes.check ?? checkProvider;
  const reports = await Promise.all(
    providers.map(async (provider) => {
      const { id, name } = provider;
      const seated = participants.filter((p) => p.provider === id).map((p) => `@${p.id}`);
      if (provider.kind === 'cli') {
        const found = await probes.detect(provider);
        const seats = seated.length > 0 ? `; seats: ${seated.join(', ')}` : '';
        return [
          found.ok
            ? `provider ${id} (${name}), the ${provider.cli} CLI: ${found.version} at ${found.path}${seats}`
            : `provider ${id} (${name}), the ${provider.cli} CLI: cannot be used: ${found.reason}`,
        ];
      }
      const { baseUrl } = provider;
      const health = await check(baseUrl);
      if (!health.ok) return [`provider ${id} (${name}) at ${baseUrl}: down: ${health.reason}`];
      const missing = participants.filter((p) => p.provider === id && !health.models.includes(p.model));
      return [
        `provider ${id} (${name}) at ${baseUrl}: up, ${health.models.length} models: ${health.models.join(', ')}`,
        ...missing.map((p) => `  @${p.id}: ${p.model} is not among its models`),
      ];
    }),
  );
  return reports.flat();
}
