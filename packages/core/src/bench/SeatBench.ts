import { Emitter, type Event } from '../base/event';
import { Disposable, type IDisposable } from '../base/lifecycle';
import type { ChatError } from '../llm/types';
import type { Clock, Logger } from '../ports';
import type { SeatMap } from '../protocol/proxyStatus';
import type { StatusSource } from '../views/viewPorts';
import { type Bench, benchFor } from './benchFor';
import { mergeBench, nextChange } from './mergeBench';

/** The longest wait one timer may have (Node and browsers run a longer one at once); a longer one is waited in steps. */
const MAX_TIMER_MS = 2_147_483_647;

export interface SeatBenchDeps {
  /** The seat map the host composes (proxy logins and models, providers' health, CLIs' detection). */
  source: StatusSource<SeatMap>;
  clock: Clock;
  logger?: Logger;
  /** The zone a CLI's "resets 3pm" is read in when it names none; the machine's own when undefined. */
  timeZone?: string;
}

/**
 * The host's one seat map with the bench in it: a seat whose reply failed on a limit that states its end is marked
 * cooling until then (`benchFor`), and so left out of turns (`isAbsent`), in every mode of reaching it.
 *
 * Invariants:
 * - the bench ends by itself at its time: one timer, at the soonest time still ahead (benches and the source's paused
 *   seats alike), changes the map then, without any request or action;
 * - a change reaches `onDidChange` only when the map changes;
 * - a seat the source listed as paused and then lists as not paused (the proxy's Reset, its own time, a restart,
 *   which forgets pauses) leaves the bench too: the proxy's listing is the better word on its own logins;
 * - nothing here sends a request: a benched seat is simply not asked until it is back.
 */
export class SeatBench extends Disposable implements StatusSource<SeatMap> {
  private readonly changeEmitter = this._register(new Emitter<SeatMap>());
  readonly onDidChange: Event<SeatMap> = this.changeEmitter.event;
  private readonly benched = new Map<string, Bench>();
  private shown: SeatMap;
  private lastSource: SeatMap;
  private timer: IDisposable | undefined;

  constructor(private readonly deps: SeatBenchDeps) {
    super();
    this.lastSource = deps.source.current;
    this.shown = this.compose();
    this._register(deps.source.onDidChange(() => this.sourceChanged()));
    this._register({ dispose: () => this.timer?.dispose() });
    this.schedule();
  }

  get current(): SeatMap {
    return this.shown;
  }

  /** What a failed reply of `seatId` means for its seat: benched until the time its error states, if it states one. */
  noteFailure(seatId: string, error: ChatError): Bench | undefined {
    const now = this.now();
    const bench = benchFor(error, now, this.deps.timeZone);
    if (!bench) return undefined;
    const held = this.benched.get(seatId);
    // A later failure never shortens a bench: the longer stated wait is the one that holds.
    if (held && held.until > now && held.until >= bench.until) return held;
    this.benched.set(seatId, bench);
    this.deps.logger?.info(`@${seatId} is benched until ${new Date(bench.until).toISOString()}: ${bench.reason}`);
    this.update();
    return bench;
  }

  /** Takes `seatId` off the bench now (its login was reset). */
  clear(seatId: string): void {
    if (this.benched.delete(seatId)) this.update();
  }

  private sourceChanged(): void {
    const next = this.deps.source.current;
    for (const [id, seat] of Object.entries(this.lastSource)) {
      if (seat.kind === 'cooling' && next[id]?.kind !== 'cooling') this.benched.delete(id);
    }
    this.lastSource = next;
    this.update();
  }

  private update(): void {
    const now = this.now();
    for (const [id, bench] of this.benched) if (bench.until <= now) this.benched.delete(id);
    const next = this.compose();
    this.schedule();
    if (JSON.stringify(next) === JSON.stringify(this.shown)) return;
    this.shown = next;
    this.changeEmitter.fire(next);
  }

  private compose(): SeatMap {
    return mergeBench(this.deps.source.current, this.benched, this.now());
  }

  private schedule(): void {
    this.timer?.dispose();
    this.timer = undefined;
    const now = this.now();
    const at = nextChange(this.deps.source.current, this.benched, now);
    if (at === undefined) return;
    this.timer = this.deps.clock.setTimeout(() => this.update(), Math.min(at - now, MAX_TIMER_MS));
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }
}
