import * as v from 'valibot';
import { Disposable, type IDisposable } from '../base/lifecycle';
import { type Clock, type Logger, silentLogger } from '../ports';
import type { SeatSpending } from '../protocol/seatSpending';
import { fillStoreSpend } from '../store/spendFill';
import type { SpendRecord as Record_ } from '../store/spendRecord';
import { SpendRecord } from '../store/spendRecordSchema';
import type { ThreadStore } from '../store/ThreadStore';
import { nextSpendChange, startOfLocalDay, sumSeatSpend } from '../threads/seatSpend';

/**
 * What each seat spent, for one view: the sums over the thread index's spend records (`sumSeatSpend`, never a
 * transcript) for its full states, and `send` with new sums whenever they change while the view is open: a thread's
 * summary changed (a reply ended here or in another window), a thread went, the list filled in, or time moved a
 * bucket out of a window (a timer at each bucket's edge, a local midnight included, only while the view is open).
 * Loaded when the view first opens (`SpendingHolder`); the sums go out then, and are in every state after.
 *
 * Invariant: `send` is called only with sums that differ from the last ones given (in a state or sent).
 */
export class SeatSpendingFeed extends Disposable {
  /** The sums the page holds: none until told (so a table that spent nothing lately is never sent anything). */
  private last = '{}';
  private open = false;
  private filled = false;
  private timer: IDisposable | undefined;
  /** Threads whose index record could not be read, each said once. */
  private readonly unreadable = new Set<string>();

  constructor(
    private readonly store: ThreadStore,
    private readonly clock: Clock,
    private readonly send: (seats: SeatSpending) => void,
    private readonly logger?: Logger,
    /** The user's local midnight on `now`'s day (by default the host's zone); tests give one of their own. */
    private readonly dayStart?: (now: Date) => Date,
  ) {
    super();
    this._register(
      store.onDidChange((change) => {
        if (change.kind === 'summaryChanged' || change.kind === 'threadRemoved' || change.kind === 'listFilled') {
          this.refresh();
        }
      }),
    );
    this._register({ dispose: () => this.pause() });
  }

  /** The sums now, for a full state (later changes are compared with them). */
  current(): SeatSpending {
    const seats = this.sums();
    this.last = JSON.stringify(seats);
    return seats;
  }

  /**
   * The view is open: keep its sums current. The first time, the threads an older build indexed without a spend
   * record are read too (only those changed lately: `ThreadStore.fillSpend`).
   */
  resume(): void {
    if (this.open || this.isDisposed) return;
    this.open = true;
    this.schedule();
    this.refresh();
    if (this.filled) return;
    this.filled = true;
    void fillStoreSpend(this.store, this.clock.now().getTime(), this.logger ?? silentLogger).then((filled) => {
      if (filled > 0) this.refresh();
    });
  }

  /** The view is hidden or gone: no timer, nothing sent (its next state carries the sums). */
  pause(): void {
    this.open = false;
    this.timer?.dispose();
    this.timer = undefined;
  }

  private refresh(): void {
    if (!this.open || this.isDisposed) return;
    const seats = this.sums();
    const json = JSON.stringify(seats);
    if (json === this.last) return;
    this.last = json;
    this.send(seats);
  }

  private schedule(): void {
    if (this.timer) return;
    const now = this.clock.now();
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.refresh();
      if (this.open) this.schedule();
    }, nextSpendChange(now).getTime() - now.getTime());
  }

  private sums(): SeatSpending {
    const now = this.clock.now();
    const dayStart = this.dayStart?.(now) ?? startOfLocalDay(now);
    return sumSeatSpend(this.readable(), { now, dayStart });
  }

  /** The records the sums can read: one that does not hold as a record (a hand-edited index) is left out, said once. */
  private *readable(): Iterable<Record_> {
    for (const [id, record] of this.store.catalog.spendByThread()) {
      if (v.is(SpendRecord, record)) yield record;
      else if (!this.unreadable.has(id)) {
        this.unreadable.add(id);
        this.logger?.warn(
          `Thread index: what thread ${id}'s seats spent cannot be read; it is left out of the sums until the thread is next saved.`,
        );
      }
    }
  }
}
