import { Emitter } from '@roundtable/core/base/event';
import { Disposable, type IDisposable, MutableDisposable } from '@roundtable/core/base/lifecycle';
import { type Clock, type FetchLike, type Logger, systemClock } from '@roundtable/core/ports';
import type { ManagedProxy } from '../ManagedProxy';
import { pingOwnProxy } from '../ownProxyPing';
import type { SidecarState } from '../sidecarState';
import type { LeaseRecord, ProxyLease } from './ProxyLease';

/** Where the proxy's management secret is kept for every window (the editor's secret storage). */
export interface PasswordStore {
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
}

export type SharedProxyStatus =
  | { role: 'none' }
  | { role: 'owner'; url: string; state: SidecarState }
  | { role: 'attached'; url: string | undefined; ok: boolean; reason?: string };

export interface SharedProxyOptions {
  lease: ProxyLease;
  /** Makes this window's supervisor when it becomes the owner; `onReady` must be passed on to it. */
  createSupervisor: (
    onReady: (ready: { port: number; pid: number | undefined; password: string }) => Promise<void>,
  ) => ManagedProxy;
  passwords: PasswordStore;
  logger: Logger;
  clock?: Clock;
  fetch?: FetchLike;
  /** How often an attached window looks at the lease and pings the proxy, and the owner renews. */
  tickMs?: number;
}

/**
 * One proxy for all the editor's windows. Each window runs one of these: the lease's owner runs the supervisor (and
 * renews the lease); the others attach to the owner's proxy, check it answers as ours, and watch the lease. When the
 * owner goes away (closed: it released the lease; crashed: its pid is gone; hung: the lease expired), the next window
 * to look claims the lease, stops the previous proxy if it is still ours (its management API takes our secret), and
 * only then starts its own: two proxies never share one
 * auth-dir. An owner that finds the lease taken from it stops its proxy and attaches.
 */
export class SharedProxy extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<SharedProxyStatus>());
  readonly onDidChange = this.changeEmitter.event;
  private statusNow: SharedProxyStatus = { role: 'none' };
  private readonly clock: Clock;
  private readonly tick = this._register(new MutableDisposable<IDisposable>());
  private readonly supervisorListener = this._register(new MutableDisposable<IDisposable>());
  private supervisor: ManagedProxy | undefined;
  private where: { port: number | null; proxyPid: number | null } = { port: null, proxyPid: null };
  private running = false;
  private busy = false;
  /** The look under way, if any (`stop` waits for it). */
  private looking: Promise<void> | undefined;

  constructor(private readonly options: SharedProxyOptions) {
    super();
    this.clock = options.clock ?? systemClock;
  }

  get status(): SharedProxyStatus {
    return this.statusNow;
  }

  /** The proxy's URL for clients, when there is one. */
  get url(): string | undefined {
    return this.statusNow.role === 'none' ? undefined : this.statusNow.url;
  }

  get supervisorForOwner(): ManagedProxy | undefined {
    return this.supervisor;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.step();
  }

  /**
   * Stops this window's part: the owner stops its proxy and releases the lease; an attached window stops pinging.
   * A look already under way is waited for first, so nothing it does (renewing the lease, starting a proxy) can
   * land after the release.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.tick.clear();
    await this.looking;
    await this.dropSupervisor();
    await this.options.lease.release();
    this.report({ role: 'none' });
  }

  override dispose(): void {
    void this.stop();
    super.dispose();
  }

  private schedule(): void {
    if (!this.running) return;
    this.tick.value = this.clock.setTimeout(() => void this.step(), this.options.tickMs ?? 3_000);
  }

  /** One look at the world: renew as owner, or ping and watch as attached, claiming when the lease is void. */
  private step(): Promise<void> {
    if (this.busy || !this.running) return Promise.resolve();
    this.busy = true;
    this.looking = this.look();
    return this.looking;
  }

  private async look(): Promise<void> {
    try {
      if (this.supervisor) {
        if (!(await this.options.lease.renew(this.where))) {
          this.options.logger.warn('Another window took over the proxy lease; this window attaches to its proxy.');
          await this.dropSupervisor();
        }
      }
      if (!this.supervisor && this.running) {
        const claim = await this.options.lease.claim();
        // Stopped meanwhile: no proxy is started (stop releases the lease it may just have claimed).
        if (!this.running) return;
        if (claim.kind === 'owner') await this.becomeOwner(claim.previous);
        else await this.attach(claim.record);
      }
    } catch (error) {
      this.options.logger.error(
        `The shared proxy could not be looked after: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.busy = false;
      this.looking = undefined;
      this.schedule();
    }
  }

  private async becomeOwner(previous: LeaseRecord | undefined): Promise<void> {
    if (previous) await this.stopPrevious(previous);
    this.where = { port: null, proxyPid: null };
    const supervisor = this.options.createSupervisor(async (ready) => {
      this.where = { port: ready.port, proxyPid: ready.pid ?? null };
      // Stored before the proxy counts as healthy; then the lease says where it is.
      await this.options.passwords.set(ready.password);
      await this.options.lease.renew(this.where);
    });
    this.supervisor = supervisor;
    this.supervisorListener.value = supervisor.state.onDidChange((state) =>
      this.report({ role: 'owner', url: supervisor.url, state }),
    );
    this.report({ role: 'owner', url: supervisor.url, state: supervisor.state.current });
    await supervisor.start();
  }

  private async attach(record: LeaseRecord): Promise<void> {
    if (record.port === null) {
      this.report({
        role: 'attached',
        url: undefined,
        ok: false,
        reason: 'CLIProxyAPI is starting in another window.',
      });
      return;
    }
    const url = `http://127.0.0.1:${record.port}`;
    const problem = await this.ping(url);
    this.report({ role: 'attached', url, ok: !problem, ...(problem ? { reason: problem } : {}) });
  }

  /**
   * The previous owner's proxy, if it still runs and is ours (it takes our password): SIGTERM, then SIGKILL, and
   * resolves once it no longer answers, so its files are closed before ours opens them. (When an owner's process
   * dies, its proxy's watchdog ends it within seconds; this covers the time until then, and a proxy of a build
   * that ran none.)
   */
  private async stopPrevious(previous: LeaseRecord): Promise<void> {
    const pid = previous.proxyPid;
    if (previous.port === null || pid === null) return;
    const url = `http://127.0.0.1:${previous.port}`;
    if ((await this.ping(url)) !== undefined) return; // not running, or not ours
    this.options.logger.info(
      `Stopping the proxy the previous window left running (pid ${pid}) before starting one here.`,
    );
    for (const [signal, waitMs] of [
      ['SIGTERM', 5_000],
      ['SIGKILL', 2_000],
    ] as const) {
      try {
        process.kill(pid, signal);
      } catch {
        return; // already gone
      }
      const deadline = Date.now() + waitMs;
      while (Date.now() < deadline) {
        if ((await this.ping(url)) !== undefined) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  private async ping(url: string): Promise<string | undefined> {
    const password = await this.options.passwords.get();
    if (!password) return 'The proxy’s password is not known to this window yet.';
    return pingOwnProxy(url, password, this.options.fetch);
  }

  private async dropSupervisor(): Promise<void> {
    const supervisor = this.supervisor;
    this.supervisor = undefined;
    this.supervisorListener.clear();
    if (supervisor) {
      await supervisor.stop();
      supervisor.dispose();
    }
  }

  private report(status: SharedProxyStatus): void {
    this.statusNow = status;
    this.changeEmitter.fire(status);
  }
}
