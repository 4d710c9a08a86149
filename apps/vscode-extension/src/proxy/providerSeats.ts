import { Emitter } from '@roundtable/core/base/event';
import type { IDisposable } from '@roundtable/core/base/lifecycle';
import type { Logger } from '@roundtable/core/ports';
import type { SeatMap } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';

/** How often seated providers are asked for their models while any participant sits on one. */
const POLL_MS = 60_000;

export interface ProviderSeatsDeps {
  /**
   * The seats of participants on `roundtable.providers` entries that cannot answer now (`providerSeatMap`). The host
   * passes one that loads the checking code with the first check, after the first state.
   */
  seatMap: () => Promise<SeatMap>;
  logger: Logger;
}

/**
 * The seats of participants on a `roundtable.providers` entry: checked at start, when the settings change, after a
 * failed reply there, and every minute (an endpoint's models; a CLI's detection is kept until it is forgotten), and a
 * seat that cannot answer is listed with why. Checks of one moment are joined, so a burst of failures costs one
 * check. A change is reported only when the map changes.
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
    const seats = await this.deps.seatMap();
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

  constructor(private readonly sources: StatusSource<SeatMap>[]) {
    this.listening = sources.map((s) => s.onDidChange(() => this.emitter.fire(this.current)));
  }

  /** A source that came later (its code loaded after the first state); where two name a seat, the later one wins. */
  add(source: StatusSource<SeatMap>): void {
    this.sources.push(source);
    this.listening.push(source.onDidChange(() => this.emitter.fire(this.current)));
    this.emitter.fire(this.current);
  }

  get current(): SeatMap {
    return Object.assign({}, ...this.sources.map((s) => s.current)) as SeatMap;
  }

  dispose(): void {
    for (const l of this.listening) l.dispose();
    this.emitter.dispose();
  }
}
