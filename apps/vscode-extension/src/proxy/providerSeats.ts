import { Emitter, type IDisposable, type Logger, type StatusSource } from '@roundtable/core';
import type { SeatMap } from '@roundtable/core/protocol';
import type { ProviderConfig } from '../adapters/readProviders';
import { checkProvider, type ProviderHealth } from './providerHealth';

/** How often seated providers are asked for their models while any participant sits on one. */
const POLL_MS = 60_000;

export interface ProviderSeatsDeps {
  providers: () => readonly ProviderConfig[];
  participants: () => readonly { id: string; model: string; enabled: boolean; provider?: string }[];
  logger: Logger;
  check?: (baseUrl: string) => Promise<ProviderHealth>;
}

/**
 * The seats of participants on a `roundtable.providers` endpoint: each provider someone sits on is asked for its
 * models (at start, when the settings change, after a failed reply there, and every minute), and a seat whose
 * provider is down, or does not serve its model, is listed as unavailable with why. Checks of one moment are
 * joined, so a burst of failures costs one request per provider. A change is reported only when the map changes.
 */
export class ProviderSeats implements StatusSource<SeatMap>, IDisposable {
  private readonly emitter = new Emitter<SeatMap>();
  readonly onDidChange = this.emitter.event;
  current: SeatMap = {};
  private readonly timer: ReturnType<typeof setInterval>;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: ProviderSeatsDeps) {
    this.timer = setInterval(() => void this.refresh(), POLL_MS);
  }

  /** Checks again now (or right after the check under way). */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.check().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.refresh();
      }
    });
    return this.running;
  }

  private async check(): Promise<void> {
    const providers = this.deps.providers();
    const seated = this.deps.participants().filter((p) => p.enabled && p.provider !== undefined);
    const used = providers.filter((provider) => seated.some((p) => p.provider === provider.id));
    const check = this.deps.check ?? checkProvider;
    const health = new Map(await Promise.all(used.map(async (p) => [p.id, await check(p.baseUrl)] as const)));
    const seats: SeatMap = {};
    for (const p of seated) {
      const provider = providers.find((q) => q.id === p.provider);
      const state = provider && health.get(provider.id);
      if (!provider || !state) continue; // an unknown provider is a settings problem, reported with the settings
      if (!state.ok) seats[p.id] = { kind: 'unavailable', reason: `${provider.name} is down: ${state.reason}` };
      else if (!state.models.includes(p.model)) {
        seats[p.id] = { kind: 'unavailable', reason: `${provider.name} does not serve ${p.model}` };
      }
    }
    if (JSON.stringify(seats) === JSON.stringify(this.current)) return;
    for (const [id, seat] of Object.entries(seats)) {
      if (seat.kind === 'unavailable') this.deps.logger.warn(`@${id}: ${seat.reason}`);
    }
    this.current = seats;
    this.emitter.fire(seats);
  }

  dispose(): void {
    clearInterval(this.timer);
    this.emitter.dispose();
  }
}

/** Seat sources as one: the managed proxy's logins and the providers' health (they name different seats). */
export class JoinedSeats implements StatusSource<SeatMap>, IDisposable {
  private readonly emitter = new Emitter<SeatMap>();
  readonly onDidChange = this.emitter.event;
  private readonly listening: IDisposable[];

  constructor(private readonly sources: readonly StatusSource<SeatMap>[]) {
    this.listening = sources.map((s) => s.onDidChange(() => this.emitter.fire(this.current)));
  }

  get current(): SeatMap {
    return Object.assign({}, ...this.sources.map((s) => s.current)) as SeatMap;
  }

  dispose(): void {
    for (const l of this.listening) l.dispose();
    this.emitter.dispose();
  }
}
