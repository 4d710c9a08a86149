import { describeInvalidMessage, HostToWebview } from '@roundtable/core/protocol';
import * as v from 'valibot';
import { afterPaint, newestOfLargeState } from './largeState';

/** Where dropped messages are reported; `console.warn` in the webview (it shows in the webview devtools). */
export type Warn = (message: string) => void;

/**
 * The single validation point for host -> webview traffic, shared by the real adapter and the fake so tests
 * exercise the same path: raw data is parsed with `HostToWebview`; anything invalid is reported
 * and dropped, never cast or forwarded.
 *
 * A thread's first state costs what validating its messages costs, which grows with the thread (tens of
 * milliseconds for 10,000 messages), so a `view/state` of more than `LARGE_STATE_MESSAGES` messages is delivered in
 * two steps when it opens another thread (the first state, or a switch): first the same state with its newest
 * `FIRST_STEP_MESSAGES` messages only, validated, so the thread shows at once; then, after that frame is painted,
 * the whole state, validated, which the replica takes as a resync of the same thread (the messages already shown
 * keep their views). A state for the thread already shown comes whole, in one step, however large: the user may be
 * reading its older messages. Host messages that arrive in between wait and
 * follow it, in order. Should the whole state be invalid (an older message is), it is dropped with a warning, as
 * any invalid message is, and the newest messages stay shown.
 */
export class HostMessageDispatcher {
  private readonly listeners = new Set<(message: HostToWebview) => void>();
  /** Set between the two steps of a large state: what arrived meanwhile, raw, in order. */
  private waiting: unknown[] | undefined;
  /** The thread of the last state delivered. */
  private stateThread: string | undefined;

  constructor(private readonly warn: Warn = (message) => console.warn(`[roundtable] ${message}`)) {}

  add(listener: (message: HostToWebview) => void): () => void {
    // Wrapped so that registering the same function twice yields two independent subscriptions.
    const entry = (message: HostToWebview) => listener(message);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  receive(raw: unknown): void {
    if (this.waiting) {
      this.waiting.push(raw);
      return;
    }
    const newest = newestOfLargeState(raw, this.stateThread);
    if (newest === undefined) {
      this.deliver(raw);
      return;
    }
    if (!this.deliver(newest)) return;
    this.waiting = [];
    afterPaint(() => {
      this.deliver(raw);
      const waiting = this.waiting ?? [];
      this.waiting = undefined;
      this.replay(waiting);
    });
  }

  /** Receives what waited, in order; another large state among it makes what follows wait for its second step. */
  private replay(waiting: readonly unknown[]): void {
    for (const [i, next] of waiting.entries()) {
      if (this.waiting) {
        this.waiting.push(...waiting.slice(i));
        return;
      }
      this.receive(next);
    }
  }

  /** Validates and hands a message to every listener; false (and a warning) when it is invalid. */
  private deliver(raw: unknown): boolean {
    const parsed = v.safeParse(HostToWebview, raw);
    if (!parsed.success) {
      this.warn(describeInvalidMessage(raw, parsed.issues));
      return false;
    }
    if (parsed.output.type === 'view/state') this.stateThread = parsed.output.threadId;
    for (const listener of [...this.listeners]) {
      listener(parsed.output);
    }
    return true;
  }
}
