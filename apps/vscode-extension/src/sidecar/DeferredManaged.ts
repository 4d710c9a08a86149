import { Emitter, type Event } from '@roundtable/core/base/event';
import { Disposable } from '@roundtable/core/base/lifecycle';
import type { SeatMap, SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';
import type { ManagedSidecar } from './managedApi';

const NOT_STARTED: SidecarStatus = { state: 'starting', detail: 'Starting CLIProxyAPI…' };

/**
 * The managed proxy before its code is loaded. That code (archives, YAML, processes: most of a megabyte to parse)
 * loads only once the window's first chat state is out, or when something needs the proxy itself (a reply's key, a
 * sign-in, a restart), whichever comes first. Until then it says "starting", knows no seats and has nothing to stop;
 * afterwards every call goes to the real one and its changes come through.
 *
 * Invariant: `start` runs at most once, and never after `dispose`; a proxy started while the window went is disposed
 * as soon as it is there.
 */
export class DeferredManaged extends Disposable implements ManagedSidecar {
  private inner: ManagedSidecar | undefined;
  private starting: Promise<ManagedSidecar> | undefined;
  private readonly statusChanges = this._register(new Emitter<SidecarStatus>());
  private readonly seatChanges = this._register(new Emitter<SeatMap>());
  readonly onDidChange = this.statusChanges.event;
  readonly seats: StatusSource<SeatMap> = new ReadThrough(
    () => this.inner?.seats.current ?? {},
    this.seatChanges.event,
  );

  constructor(private readonly start: () => Promise<ManagedSidecar>) {
    super();
  }

  get current(): SidecarStatus {
    return this.inner?.current ?? NOT_STARTED;
  }

  /** Whether the proxy's code is loaded and the proxy started. */
  get isStarted(): boolean {
    return this.inner !== undefined;
  }

  /** The real managed proxy, started now if it was not yet. */
  loaded(): Promise<ManagedSidecar> {
    if (this._store.isDisposed) return Promise.reject(new Error('The managed proxy was stopped with the window.'));
    this.starting ??= this.start().then((inner) => {
      if (this._store.isDisposed) {
        inner.dispose();
        throw new Error('The managed proxy was stopped with the window.');
      }
      this.inner = inner;
      this._register(inner.onDidChange((status) => this.statusChanges.fire(status)));
      this._register(inner.seats.onDidChange((seats) => this.seatChanges.fire(seats)));
      this.statusChanges.fire(inner.current);
      this.seatChanges.fire(inner.seats.current);
      return inner;
    });
    return this.starting;
  }

  url(): string | undefined {
    return this.inner?.url();
  }

  accessKey(): Promise<string> {
    return this.loaded().then((inner) => inner.accessKey());
  }

  restart(): Promise<void> {
    return this.loaded().then((inner) => inner.restart());
  }

  /** Nothing was started before the proxy's code loaded, so there is nothing to stop. */
  stop(): Promise<void> {
    return this.inner?.stop() ?? Promise.resolve();
  }

  /** Known once the proxy's code is loaded; sign-in waits for `loaded()` and asks the real one. */
  loginProviders(): readonly { id: string; label: string }[] {
    return this.inner?.loginProviders() ?? [];
  }

  async login(...args: Parameters<ManagedSidecar['login']>): ReturnType<ManagedSidecar['login']> {
    return (await this.loaded()).login(...args);
  }

  async terminalLogin(provider: string): Promise<string[] | undefined> {
    return (await this.loaded()).terminalLogin(provider);
  }

  seatProvider(participantId: string): string | undefined {
    return this.inner?.seatProvider(participantId);
  }

  resetSeat(participantId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
    return this.loaded().then((inner) => inner.resetSeat(participantId));
  }

  enableSeat(participantId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
    return this.loaded().then((inner) => inner.enableSeat(participantId));
  }

  noteReplyFailed(): void {
    this.inner?.noteReplyFailed();
  }

  diagnostics(): Record<string, string> {
    return this.inner?.diagnostics() ?? { managed: 'not started yet (it starts after the first chat state)' };
  }

  override dispose(): void {
    this.inner?.dispose();
    super.dispose();
  }
}

/** A status read from elsewhere each time it is asked for. */
class ReadThrough<T> implements StatusSource<T> {
  constructor(
    private readonly read: () => T,
    readonly onDidChange: Event<T>,
  ) {}

  get current(): T {
    return this.read();
  }
}
