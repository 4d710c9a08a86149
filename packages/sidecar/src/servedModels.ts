import type { SeatFix, SeatMap } from '@roundtable/core/protocol/proxyStatus';

/**
 * Participants whose model the proxy does not list. Their seats are left out of turns while it does not
 * (`unservedSeats`); the list is asked for again after replies and on the proxy's recheck schedule, so a model the
 * proxy comes to serve takes its seat again without a reload.
 */
export function findUnavailableModels(
  participants: readonly { id: string; model: string; enabled: boolean }[],
  models: readonly string[],
): { id: string; model: string }[] {
  const available = new Set(models);
  // CLIProxyAPI accepts a thinking suffix like `claude-sonnet-4-6(16384)`; check the base name.
  return participants
    .filter((p) => p.enabled && !available.has(p.model.replace(/\(.*\)$/, '')))
    .map(({ id, model }) => ({ id, model }));
}

/** `@claude (claude-sonnet-4-6), @gpt (gpt-5.5)`: the participants a proxy does not serve, as the pill and log say them. */
export function describeUnavailableModels(missing: readonly { id: string; model: string }[]): string {
  return missing.map((m) => `@${m.id} (${m.model})`).join(', ');
}

/**
 * The models a proxy counts as serving, seen over a window's life: those it lists now and those it listed before. A
 * model it stops listing for a while is one whose login it paused after failures (its own error says so, with the
 * time, when asked); only a model it never listed is not served (no login for its provider, or a name it does not
 * know), and only that seat is left out.
 */
export class ServedModels {
  private readonly seen = new Set<string>();

  /** The proxy listed `models` now: what counts as served from now on. */
  note(models: readonly string[]): string[] {
    for (const model of models) this.seen.add(model);
    return [...this.seen];
  }
}

/**
 * The seats whose model the proxy does not serve now, as the seat map says them: unavailable, with the one thing
 * that helps (`fix`: signing in to its provider for a managed proxy, the settings for one the user runs).
 */
export function unservedSeats(
  participants: readonly { id: string; model: string; enabled: boolean }[],
  models: readonly string[],
  fix: SeatFix,
): SeatMap {
  const seats: SeatMap = {};
  for (const { id, model } of findUnavailableModels(participants, models)) {
    seats[id] = { kind: 'unavailable', reason: `CLIProxyAPI does not serve ${model}`, fix };
  }
  return seats;
}
