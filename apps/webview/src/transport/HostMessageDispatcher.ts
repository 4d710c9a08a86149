import { describeInvalidMessage, HostToWebview } from '@roundtable/core/protocol';

/** Where dropped messages are reported; `console.warn` in the webview (it shows in the webview devtools). */
export type Warn = (message: string) => void;

/**
 * The single validation point for host -> webview traffic, shared by the real adapter and the fake so tests
 * exercise the same path: raw data is parsed with `HostToWebview.safeParse`; anything invalid is reported
 * and dropped, never cast or forwarded.
 */
export class HostMessageDispatcher {
  private readonly listeners = new Set<(message: HostToWebview) => void>();

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
    const parsed = HostToWebview.safeParse(raw);
    if (!parsed.success) {
      this.warn(describeInvalidMessage(raw, parsed.error));
      return;
    }
    for (const listener of [...this.listeners]) {
      listener(parsed.data);
    }
  }
}
