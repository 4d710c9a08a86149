import type { ChatError } from './types';

/**
 * One timer at a time that, when it runs out, reports the timeout it was armed with. Re-arming replaces the
 * previous timer. Invariant: after `disarm()` the callback never runs for an earlier arming.
 */
export class Watchdog {
  private handle: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onExpire: (error: ChatError) => void) {}

  arm(ms: number, error: ChatError): void {
    this.disarm();
    this.handle = setTimeout(() => {
      this.handle = undefined;
      this.onExpire(error);
    }, ms);
  }

  disarm(): void {
    if (this.handle !== undefined) {
      clearTimeout(this.handle);
      this.handle = undefined;
    }
  }
}
