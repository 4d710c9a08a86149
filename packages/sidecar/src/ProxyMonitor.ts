import { Emitter } from '@roundtable/core/base/event';
import { Disposable, type IDisposable, MutableDisposable, toDisposable } from '@roundtable/core/base/lifecycle';
import type { Clock, FetchLike, Logger } from '@roundtable/core/ports';
import { isSidecarUp, type SeatMap, type SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';
import type { ProxyEndpoint } from './endpoint';
import type { ServedModels } from './servedModels';

/** The check and its reading (`proxyEvaluation.ts`), loaded by the first check: activation parses none of it. */
const evaluation = () => import('./proxyEvaluation');

export interface ProxyMonitorDeps {
  endpoint: () => Promise<ProxyEndpoint>;
  accessKey: () => Promise<string | undefined>;
  participants: () => readonly { id: string; model: string; enabled: boolean }[];
  logger: Logger;
  clock: Clock;
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
  /** The models the proxy served, as its checks saw them (made by the first check that answered). */
  private servedModels: ServedModels | undefined;
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
    const code = await evaluation();
    const status = controller.signal.aborted ? undefined : await code.evaluateProxy(this.deps, controller.signal);
    if (controller.signal.aborted || status === undefined) return;
    if (status.needsAccessKey) this.accessKeyEmitter.fire();
    this.report(status.status);
    this.serve(status.models, code);
    if (isSidecarUp(status.status)) {
      this.failedChecks = 0;
      return;
    }
    const delay = RED_RECHECK_MS[Math.min(this.failedChecks, RED_RECHECK_MS.length - 1)] ?? 30_000;
    this.failedChecks += 1;
    this.recheck.value = this.deps.clock.setTimeout(() => void this.check(), delay);
  }

  private serve(models: readonly string[] | undefined, code: Awaited<ReturnType<typeof evaluation>>): void {
    let next: SeatMap = {};
    if (models) {
      this.servedModels ??= new code.ServedModels();
      next = code.unservedSeats(this.deps.participants(), this.servedModels.note(models), 'settings');
    }
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
