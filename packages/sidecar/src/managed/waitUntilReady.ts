import type { FetchLike } from '@roundtable/core/ports';
import { OWN_PROXY_PATH } from './ownProxyPing';
import type { SpawnedProcess } from './processPort';

export type Readiness =
  | { kind: 'ready' }
  /** Someone else has the port: the bind failed, or a server there does not know our secret. */
  | { kind: 'port-taken'; detail: string }
  | { kind: 'failed'; detail: string };

/**
 * The line CLIProxyAPI logs last when it has started. It answers `/healthz` about 100 ms before it has loaded its
 * providers, and that load replaces their state, so "ready" waits for this line too (for at most `STARTUP_GRACE_MS`
 * after health, in case a later version words it differently).
 */
const STARTUP_DONE = 'core auth auto-refresh started';
const STARTUP_GRACE_MS = 2_000;
const PROBE_INTERVAL_MS = 100;

/** Text the proxy prints when its listener cannot bind (Linux/macOS, then Windows' two wordings). */
const BIND_FAILED = /address already in use|only one usage of each socket address|access a socket in a way forbidden/i;

/**
 * Waits until the proxy just spawned is ready: `/healthz` answers, the management API accepts this launch's secret
 * (so the answer came from our child, not another server on the port), and it has finished starting. A process that
 * exits first failed, or found its port taken (it exits 0 even then, after printing "started successfully").
 */
export async function waitUntilReady(args: {
  url: string;
  password: string;
  child: SpawnedProcess;
  output: () => string;
  timeoutMs: number;
  fetch?: FetchLike;
}): Promise<Readiness> {
  const fetchImpl = args.fetch ?? fetch;
  let exited: { code: number | null; signal: string | null; error?: string } | undefined;
  void args.child.exited.then((exit) => (exited = exit));
  const deadline = Date.now() + args.timeoutMs;
  let healthyAt: number | undefined;

  while (Date.now() < deadline) {
    if (exited) return afterExit(exited, args.output());
    if (healthyAt === undefined) {
      const health = await probe(fetchImpl, `${args.url}/healthz`);
      if (health === 200) {
        const ours = await probe(fetchImpl, `${args.url}${OWN_PROXY_PATH}`, args.password);
        if (ours !== 200) {
          return {
            kind: 'port-taken',
            detail: `another server answers on ${args.url} (it said ${ours ?? 'nothing'} to this launch's secret)`,
          };
        }
        healthyAt = Date.now();
      }
    }
    if (healthyAt !== undefined) {
      if (args.output().includes(STARTUP_DONE) || Date.now() - healthyAt >= STARTUP_GRACE_MS) return { kind: 'ready' };
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  if (exited) return afterExit(exited, args.output());
  return { kind: 'failed', detail: `CLIProxyAPI did not become ready within ${Math.round(args.timeoutMs / 1000)} s.` };
}

function afterExit(exit: { code: number | null; signal: string | null; error?: string }, output: string): Readiness {
  const lastLine = output.trim().split(/\r?\n/).at(-1)?.slice(0, 300) ?? '';
  if (BIND_FAILED.test(output)) return { kind: 'port-taken', detail: lastLine };
  const how = exit.error ?? (exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`);
  return { kind: 'failed', detail: `CLIProxyAPI exited while starting (${how})${lastLine ? `: ${lastLine}` : '.'}` };
}

/** The status of a GET, or undefined when nothing answered. */
async function probe(fetchImpl: FetchLike, url: string, password?: string): Promise<number | undefined> {
  try {
    const response = await fetchImpl(url, {
      ...(password ? { headers: { Authorization: `Bearer ${password}` } } : {}),
      signal: AbortSignal.timeout(1_000),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return undefined;
  }
}
