import { Emitter, type IDisposable, type Logger, type StatusSource } from '@roundtable/core';
import type { SeatMap } from '@roundtable/core/protocol';
import { LOGIN_PROVIDERS, type ManagementClient, type SeatState, seatState } from '@roundtable/sidecar/managed';

const POLL_MS = 15_000;

/**
 * The participants' seats in managed mode, from the proxy's logins: polled every 15 s while the proxy is up, and
 * at once after a sign-in, a reset or a failed reply. Only seats that are not ready are listed; a change is
 * reported only when the map changes. A refused management key stops the polling (the proxy bans a client after
 * five), until the proxy restarts.
 */
export class SeatWatch implements StatusSource<SeatMap>, IDisposable {
  private readonly emitter = new Emitter<SeatMap>();
  readonly onDidChange = this.emitter.event;
  current: SeatMap = {};
  private states = new Map<string, SeatState>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private refused = false;

  constructor(
    private readonly management: ManagementClient,
    private readonly isUp: () => boolean,
    private readonly participants: () => readonly { id: string; model: string; enabled: boolean }[],
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.refresh(), POLL_MS);
  }

  /** The seat a participant has now, as last seen. */
  stateOf(participantId: string): SeatState | undefined {
    return this.states.get(participantId);
  }

  /** The proxy (re)started: a refused key may work again. */
  restarted(): void {
    this.refused = false;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    if (this.refused) return;
    if (!this.isUp()) return this.set(new Map());
    const listed = await this.management.logins();
    if (!listed.ok) {
      if (listed.reason.includes('management key')) this.refused = true;
      this.logger.warn(`The proxy's logins could not be read: ${listed.reason}`);
      return;
    }
    const now = Date.now();
    const states = new Map<string, SeatState>();
    for (const p of this.participants()) if (p.enabled) states.set(p.id, seatState(p.model, listed.logins, now));
    this.set(states);
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.emitter.dispose();
  }

  private set(states: Map<string, SeatState>): void {
    this.states = states;
    const next: SeatMap = {};
    for (const [id, state] of states) {
      if (state.kind === 'cooling') {
        next[id] = {
          kind: 'cooling',
          ...(state.until ? { until: state.until } : {}),
          reason: state.reason,
          canReset: state.authIndex !== undefined,
        };
      } else if (state.kind === 'needs-login') {
        next[id] = {
          kind: 'needs-login',
          provider: LOGIN_PROVIDERS.find((p) => p.id === state.provider)?.name ?? state.provider,
        };
      }
    }
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.emitter.fire(next);
  }
}
