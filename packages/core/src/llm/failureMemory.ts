/** How long after a failure CLIProxyAPI keeps a model paused (its default cooling), with some margin. */
export const COOLING_WINDOW_MS = 90_000;

/**
 * When each model last failed through this proxy (a 5xx, or an error chunk mid-reply), so that the 503
 * `auth_unavailable` the proxy answers for about a minute afterwards (its cooling) is explained as that pause, not
 * as a missing login. One instance per proxy, shared by every request; the clock is injected for tests.
 */
export class FailureMemory {
  private readonly lastFailure = new Map<string, number>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly windowMs = COOLING_WINDOW_MS,
  ) {}

  note(model: string): void {
    this.lastFailure.set(model, this.now());
  }

  /** Milliseconds since `model` last failed, if that was within the cooling window. */
  sinceLast(model: string): number | undefined {
    const at = this.lastFailure.get(model);
    if (at === undefined) return undefined;
    const elapsed = this.now() - at;
    if (elapsed <= this.windowMs) return elapsed;
    this.lastFailure.delete(model);
    return undefined;
  }
}
