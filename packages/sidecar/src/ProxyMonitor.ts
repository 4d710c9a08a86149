import { Emitter } from '@roundtable/core/base/event';
import { Disposable, type IDisposable, MutableDisposable, toDisposable } from '@roundtable/core/base/lifecycle';
import { redactSecret } from '@roundtable/core/llm/redactSecret';
import type { Clock, FetchLike, Logger } from '@roundtable/core/ports';
import { isSidecarUp, type SeatMap, type SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';
import type { checkProxy } from './checkProxy';
import type { ProxyEndpoint } from './endpoint';
import { describeUnavailableModels, findUnavailableModels, ServedModels, unservedSeats } from './servedModels';

export interface ProxyMonitorDeps {
  endpoint: () => Promise<ProxyEndpoint>;
  accessKey: () => Promise<string | undefined>;
  participants: () => readonly { id: string; model: string; enabled: boolean }[];
  logger: Logger;
  clock: Clock;
  /**
   * The check itself (`checkProxy`): the host passes one it loads with the first check, so activation parses neither
   * it nor the error classifier it uses.
   */
  check: typeof checkProxy;
  /** For tests that must prove what is (not) requested; the real fetch otherwise. */
  fetch?: FetchLike;
}

/** Waits before the next check while the proxy is down: quick at first, then every 30 s. */
export const RED_RECHECK_MS = [2_000, 4_000, 8_000, 16_000, 30_000] as const;

/**
 * Keeps the status pill true for a proxy Roundtable does not run itself (external mode).
 *
 * It checks `/v1/models` on start, when settings or the access key change, after every reply (one that failed may
 * mean the proxy went away; one that succeeded while the pill is red means it is back), and while the proxy is down
 * on a back-off (`RED_RECHECK_MS`), so the pill turns green again on its own.
 *
 * Invariants: only the newest check reports (an older one still running is aborted); at most one back-off timer is
 * pending, and none while the status is ok; a status is logged only when it changes; the access key never appears in a
 * status or a log line.
 */
export class ProxyMonitor extends Disposable {
  private readonly statusEmitter = this._register(new Emitter<SidecarStatus>());
  readonly onDidChange = this.statusEmitter.event;
  /** The last status reported (pending until the first check answers). */
  current: SidecarStatus = { state: 'checking', detail: 'Checking CLIProxyAPI…' };
  private readonly accessKeyEmitter = this._register(new Emitter<void>());
  /** The proxy refused the access key: the host offers to set it. */
  readonly onDidNeedAccessKey = this.accessKeyEmitter.event;
  private readonly seatsEmitter = this._register(new Emitter<SeatMap>());
  private unserved: SeatMap = {};
  private readonly servedModels = new ServedModels();
  /**
   * The participants' seats whose model the proxy does not serve, as of its last healthy check (none known while it
   * is down: the pill says so then). A change is reported once.
   */
  readonly seats: StatusSource<SeatMap>;
  private readonly inFlight = this._register(new MutableDisposable());
  private readonly recheck = this._register(new MutableDisposable<IDisposable>());
  private failedChecks = 0;

  constructor(private readonly deps: ProxyMonitorDeps) {
    super();
    const read = () => this.unserved;
    this.seats = {
      get current() {
        return read();
      },
      onDidChange: this.seatsEmitter.event,
    };
  }

  /** A reply ended: recheck when it failed, or when it succeeded while the pill says the proxy is down. */
  noteReply(succeeded: boolean): void {
    if (!succeeded || !isSidecarUp(this.current)) void this.check();
  }

  async check(): Promise<void> {
    this.recheck.clear();
    const controller = new AbortController();
    this.inFlight.value = toDisposable(() => controller.abort());
    const status = await this.evaluate(controller.signal);
    if (controller.signal.aborted || status === undefined) return;
    this.report(status.status);
    this.serve(status.models);
    if (isSidecarUp(status.status)) {
      this.failedChecks = 0;
      return;
    }
    const delay = RED_RECHECK_MS[Math.min(this.failedChecks, RED_RECHECK_MS.length - 1)] ?? 30_000;
    this.failedChecks += 1;
    this.recheck.value = this.deps.clock.setTimeout(() => void this.check(), delay);
  }

  /** The status now and the models served, or undefined when a newer check superseded this one. */
  private async evaluate(
    signal: AbortSignal,
  ): Promise<{ status: SidecarStatus; models?: readonly string[] } | undefined> {
    let accessKey: string | undefined;
    const unhealthy = (detail: string) => ({ status: { state: 'unhealthy' as const, detail } });
    try {
      const endpoint = await this.deps.endpoint();
      if (!endpoint.ok) return unhealthy(endpoint.error);
      accessKey = await this.deps.accessKey();
      const health = await this.deps.check(
        {
          root: endpoint.root,
          ...(accessKey ? { accessKey } : {}),
          ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
        },
        signal,
      );
      if (health.needsAccessKey) this.accessKeyEmitter.fire();
      if (!health.ok) return unhealthy(health.detail);
      const { models } = health;
      const missing = findUnavailableModels(this.deps.participants(), models);
      if (missing.length === 0) return { status: { state: 'healthy', detail: health.detail }, models };
      const list = describeUnavailableModels(missing);
      this.deps.logger.warn(
        `CLIProxyAPI does not list the model of ${list}. Available: ${models.join(', ') || 'none'}.`,
      );
      return { status: { state: 'healthy', detail: `${health.detail} Not served now: ${list}.` }, models };
    } catch (error) {
      if (signal.aborted) return undefined;
      const why = redactSecret(error instanceof Error ? error.message : String(error), accessKey);
      return unhealthy(`Checking CLIProxyAPI failed: ${why}`);
    }
  }

  private serve(models: readonly string[] | undefined): void {
    const next = models ? unservedSeats(this.deps.participants(), this.servedModels.note(models), 'settings') : {};
    if (JSON.stringify(next) === JSON.stringify(this.unserved)) return;
    this.unserved = next;
    this.seatsEmitter.fire(next);
  }

  private report(status: SidecarStatus): void {
    const previous = this.current;
    this.current = status;
    if (previous.state === status.state && previous.detail === status.detail) return;
    this.deps.logger.info(`Proxy status: ${status.state}: ${status.detail}`);
    this.statusEmitter.fire(status);
  }
}
