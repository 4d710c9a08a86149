import type { IDisposable } from '../base/lifecycle';
import type { Clock } from '../ports';
import type { ThreadStore } from '../store/ThreadStore';
import { LEASE_HEARTBEAT_MS } from '../transcript/turnLease';

/**
 * The lease a running turn holds on its plan (`turnLease.ts`): renewed every `LEASE_HEARTBEAT_MS` while the turn runs
 * (each renewal writes the text its replies streamed so far), moved to the next plan when a dispute round follows
 * another in the same turn, and ended with the turn. `lost` is called once if another window ended it (it found
 * this window silent): the turn must stop, since that window now offers to continue it.
 */
export class HeldTurnLease implements IDisposable {
  private timer: IDisposable | undefined;
  private ended = false;

  constructor(
    private readonly store: ThreadStore,
    private readonly clock: Clock,
    private readonly threadId: string,
    private token: string,
    private readonly lost: () => void,
  ) {
    this.arm();
  }

  /** The turn went on to another plan (the next dispute round): the last plan's lease ends, the new one's is taken. */
  moveTo(planId: string): void {
    if (this.ended) return;
    const leases = this.store.leases();
    leases?.end(this.threadId, this.token);
    const token = leases?.take(this.threadId, planId);
    if (token === undefined) this.dispose();
    else this.token = token;
  }

  dispose(): void {
    if (this.ended) return;
    this.ended = true;
    this.timer?.dispose();
    this.store.leases()?.end(this.threadId, this.token);
  }

  private arm(): void {
    this.timer = this.clock.setTimeout(() => {
      if (this.ended) return;
      if (this.store.leases()?.renew(this.threadId, this.token)) {
        this.arm();
        return;
      }
      this.ended = true;
      this.lost();
    }, LEASE_HEARTBEAT_MS);
  }
}
