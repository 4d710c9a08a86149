import { Disposable, type IDisposable, MutableDisposable } from '@roundtable/core/base/lifecycle';
import type { Clock } from '@roundtable/core/ports';

/** How often an external proxy is checked while a chat view is on screen: the pill is wrong for at most this long. */
export const VISIBLE_RECHECK_MS = 15_000;
/** How often while no chat view is on screen (only the status bar shows the state then): cheaper, still true. */
export const HIDDEN_RECHECK_MS = 60_000;
/** A focus or a view coming into sight checks at once, unless a check ran this recently (a burst costs one check). */
export const RECHECK_MIN_GAP_MS = 2_000;

export interface RecheckScheduleDeps {
  clock: Clock;
  /** Starts one check; the schedule does not wait for it (the monitor aborts an older one still running). */
  check: () => void;
  visibleMs?: number;
  hiddenMs?: number;
}

/**
 * When to check a proxy nobody else watches (external mode): nothing in the proxy tells Roundtable it went away
 * while nobody sends, so the pill stays true only by asking.
 *
 * Invariants: nothing runs before `start`, and the first check waits for a timer (never inside the caller's turn,
 * so activation does not pay for it); at most one timer is pending; the next check is due one interval after the
 * last one this schedule ran (15 s while a view is visible, 60 s while none is); a window focus or a view coming
 * into sight checks at once unless one ran within `RECHECK_MIN_GAP_MS`.
 */
export class RecheckSchedule extends Disposable {
  private readonly timer = this._register(new MutableDisposable<IDisposable>());
  private started = false;
  private visible = false;
  private lastCheck: number | undefined;

  constructor(private readonly deps: RecheckScheduleDeps) {
    super();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.plan(0);
  }

  /** Whether any chat view is on screen. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (visible) this.soon();
    else this.planNext();
  }

  /** The window got the focus: the user is looking again. */
  noteFocus(): void {
    this.soon();
  }

  private get interval(): number {
    return this.visible ? (this.deps.visibleMs ?? VISIBLE_RECHECK_MS) : (this.deps.hiddenMs ?? HIDDEN_RECHECK_MS);
  }

  private soon(): void {
    const since = this.sinceLastCheck();
    if (since !== undefined && since < RECHECK_MIN_GAP_MS) this.planNext();
    else this.plan(0);
  }

  /** One interval after the last check (at once when that is past). */
  private planNext(): void {
    const since = this.sinceLastCheck();
    this.plan(since === undefined ? 0 : Math.max(0, this.interval - since));
  }

  private sinceLastCheck(): number | undefined {
    return this.lastCheck === undefined ? undefined : this.deps.clock.now().getTime() - this.lastCheck;
  }

  private plan(ms: number): void {
    if (!this.started || this.isDisposed) return;
    this.timer.value = this.deps.clock.setTimeout(() => this.run(), ms);
  }

  private run(): void {
    this.lastCheck = this.deps.clock.now().getTime();
    this.deps.check();
    this.plan(this.interval);
  }
}
