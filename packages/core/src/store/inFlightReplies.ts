import { kept } from '../transcript/leaseMerge';
import type { Message } from '../transcript/schema';
import type { TurnLease } from '../transcript/turnLease';

/**
 * The replies of one thread in memory that are still streaming, the turns' leases they stream under
 * (`turnLease.ts`), and what of each reply may be written meanwhile.
 *
 * Invariants (the rule `stored` applies, which `parseTranscript` checks on every thread read):
 * - a reply being re-run (a retry) is written as it was before, until the new run ends: a crash mid-retry must not
 *   lose the old reply (`shadow`);
 * - a reply of a plan whose turn holds a lease not ended is written streaming, so a crash keeps it: this window's own
 *   as it was at its last checkpoint (placed, then each heartbeat of the lease), so that a completed message's write
 *   is never made larger by the text other replies streamed since; another window's as it was merged in;
 * - any other reply still streaming is not written at all;
 * - `leases` are as a thread keeps them (`kept`).
 */
export class InFlightReplies {
  private leaseList: TurnLease[];
  private readonly shadow = new Map<string, Message>();
  private readonly checkpoints = new Map<string, Message>();
  /** The replies this window streams (placed or restarted here); one merged in streaming is another window's. */
  private readonly local = new Set<string>();

  constructor(leases: readonly TurnLease[] = []) {
    this.leaseList = kept(leases);
  }

  /** The turns' leases, as the thread keeps them. */
  get leases(): readonly TurnLease[] {
    return this.leaseList;
  }

  /** Replaces the leases by `change(leases)`, kept as a thread keeps them. */
  setLeases(change: (leases: readonly TurnLease[]) => readonly TurnLease[]): void {
    this.leaseList = kept(change(this.leaseList));
  }

  /** Whether a turn of `plan` holds a lease not ended (its replies are written while they stream). */
  leased(plan: string): boolean {
    return this.leaseList.some((l) => l.plan === plan && l.ended === undefined);
  }

  /**
   * This window started streaming `m`: placed it (`before` undefined), or re-ran `before` in its place. Placed under
   * a lease, it is written at once as placed, so a crash before its first heartbeat still shows it was cut.
   */
  started(m: Message, before?: Message): void {
    this.local.add(m.id);
    this.checkpoints.delete(m.id);
    if (before) this.shadow.set(m.id, before);
    else if (m.step && this.leased(m.step.plan)) this.checkpoints.set(m.id, m);
  }

  /** A reply ended (here, or in a copy merged in): nothing of its stream is kept. */
  ended(messageId: string): void {
    this.shadow.delete(messageId);
    this.checkpoints.delete(messageId);
    this.local.delete(messageId);
  }

  /** Whether this window streams the reply. */
  isLocal(messageId: string): boolean {
    return this.local.has(messageId);
  }

  /** This window's replies still streaming under `plan` are written as they are now (`get`): a lease's heartbeat. */
  checkpoint(plan: string, get: (messageId: string) => Message | undefined): void {
    for (const id of this.local) {
      const m = get(id);
      if (m?.status === 'streaming' && m.step?.plan === plan && !this.shadow.has(id)) this.checkpoints.set(id, m);
    }
  }

  /** What is written of `m`: itself once ended; for a reply still streaming, as the invariants say (or nothing). */
  stored(m: Message): Message | undefined {
    if (m.status !== 'streaming') return m;
    const before = this.shadow.get(m.id);
    if (before) return before;
    const plan = m.step?.plan;
    if (m.role !== 'assistant' || plan === undefined || !this.leased(plan)) return undefined;
    return this.local.has(m.id) ? this.checkpoints.get(m.id) : m;
  }
}
