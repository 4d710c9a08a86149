import { Disposable, Emitter, type Event, type StatusSource } from '@roundtable/core';
import type { SeatMap, SidecarStatus } from '@roundtable/core/protocol';
import type { ManagedSidecar } from './managedApi';

const NOT_STARTED: SidecarStatus = { state: 'starting', detail: 'Starting CLIProxyAPI…' };

/**
 * The managed proxy before its bundle is loaded. `dist/managed.js` (archives, YAML, processes: most of a megabyte
 * to parse) is required only once the window's first chat state is out, or when something needs the proxy itself
 * (a reply's key, a sign-in, a restart), whichever comes first. Until then it says "starting", knows no seats and
 * has nothing to stop; afterwards every call goes to the real one and its changes come through.
 *
 * Invariant: `start` runs at most once, and never after `dispose`.
 */
export class DeferredManaged extends Disposable implements ManagedSidecar {
  private inner: ManagedSidecar | undefined;
  private readonly statusChanges = this._register(new Emitter<SidecarStatus>());
  private readonly seatChanges = this._register(new Emitter<SeatMap>());
  readonly onDidChange = this.statusChanges.event;
  readonly seats: StatusSource<SeatMap> = new ReadThrough(
    () => this.inner?.seats.current ?? {},
    this.seatChanges.event,
  );

  constructor(private readonly start: () => ManagedSidecar) {
    super();
  }

  get current(): SidecarStatus {
    return this.inner?.current ?? NOT_STARTED;
  }

  /** Whether the bundle is loaded and the proxy started. */
  get isStarted(): boolean {
    return this.inner !== undefined;
  }

  /** The real managed proxy, started now if it was not yet. */
  loaded(): ManagedSidecar {
    if (this.inner) return this.inner;
    if (this._store.isDisposed) throw new Error('The managed proxy was stopped with the window.');
    const inner = this.start();
    this.inner = inner;
    this._register(inner.onDidChange((status) => this.statusChanges.fire(status)));
    this._register(inner.seats.onDidChange((seats) => this.seatChanges.fire(seats)));
    this.statusChanges.fire(inner.current);
    this.seatChanges.fire(inner.seats.current);
    return inner;
  }

  url(): string | undefined {
    return this.inner?.url();
  }

  accessKey(): Promise<string> {
    return this.loaded().accessKey();
  }

  restart(): Promise<void> {
    return this.loaded().restart();
  }

  /** Nothing was started before the bundle loaded, so there is nothing to stop. */
  stop(): Promise<void> {
    return this.inner?.stop() ?? Promise.resolve();
  }

  loginProviders(): readonly { id: string; label: string }[] {
    return this.loaded().loginProviders();
  }

  login(...args: Parameters<ManagedSidecar['login']>): ReturnType<ManagedSidecar['login']> {
    return this.loaded().login(...args);
  }

  terminalLogin(provider: string): Promise<string[] | undefined> {
    return this.loaded().terminalLogin(provider);
  }

  seatProvider(participantId: string): string | undefined {
    return this.inner?.seatProvider(participantId);
  }

  resetSeat(participantId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
    return this.loaded().resetSeat(participantId);
  }

  enableSeat(participantId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
    return this.loaded().enableSeat(participantId);
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
