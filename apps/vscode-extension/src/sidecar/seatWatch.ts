import { Emitter } from '@roundtable/core/base/event';
import type { IDisposable } from '@roundtable/core/base/lifecycle';
import type { Logger } from '@roundtable/core/ports';
import type { SeatMap } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';
import { LOGIN_PROVIDERS, type ManagementClient } from '@roundtable/sidecar/managed/management';
import { type SeatState, seatState } from '@roundtable/sidecar/managed/seats';
import { findUnavailableModels, ServedModels } from '@roundtable/sidecar/servedModels';

const POLL_MS = 15_000;

type Participant = { id: string; model: string; enabled: boolean };

/**
 * The participants' seats in managed mode, from the proxy's logins and the models it serves: the logins polled every
 * 15 s while the proxy is up, and at once after a sign-in, an enable, a reset or a failed reply; the models when the
 * logins changed. Only seats that are not ready
 * are listed; a change is reported only when the map changes. A refused management key stops the polling (the proxy
 * bans a client after five), until the proxy restarts.
 */
export class SeatWatch implements StatusSource<SeatMap>, IDisposable {
  private readonly emitter = new Emitter<SeatMap>();
  readonly onDidChange = this.emitter.event;
  current: SeatMap = {};
  private states = new Map<string, SeatState>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private refused = false;
  private readonly servedModels = new ServedModels();
  /** The logins the models were last asked for with, and what they were. */
  private loginsSeen = '';
  private models: readonly string[] | undefined;

  /**
   * `served`: the models the proxy lists now (its `/v1/models`), undefined when it cannot say. A model it listed
   * before counts as served (`ServedModels`).
   */
  constructor(
    private readonly management: ManagementClient,
    private readonly isUp: () => boolean,
    private readonly participants: () => readonly Participant[],
    private readonly logger: Logger,
    private readonly served: () => Promise<readonly string[] | undefined> = async () => undefined,
  ) {
    this.timer = setInterval(() => void this.refresh(), POLL_MS);
  }

  /** The seat a participant has now, as last seen. */
  stateOf(participantId: string): SeatState | undefined {
    return this.states.get(participantId);
  }

  /** The proxy (re)started: a refused key may work again. */
  restarted(): void {
    this.refused = false;
    this.models = undefined;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    if (this.refused) return;
    if (!this.isUp()) {
      this.models = undefined;
      return this.set(new Map(), undefined);
    }
    const listed = await this.management.logins();
    if (!listed.ok) {
      if (listed.reason.includes('management key')) this.refused = true;
      this.logger.warn(`The proxy's logins could not be read: ${listed.reason}`);
      return;
    }
    // The models change with the logins: they are asked for again only when the logins did (or none came yet).
    const logins = JSON.stringify(listed.logins.map((l) => [l.provider, l.name, l.disabled]));
    if (logins !== this.loginsSeen || this.models === undefined) {
      this.models = await this.served();
      this.loginsSeen = logins;
    }
    const { models } = this;
    const now = Date.now();
    const states = new Map<string, SeatState>();
    for (const p of this.participants()) if (p.enabled) states.set(p.id, seatState(p.model, listed.logins, now));
    this.set(states, models && this.servedModels.note(models));
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.emitter.dispose();
  }

  private set(states: Map<string, SeatState>, models: readonly string[] | undefined): void {
    this.states = states;
    const next = managedSeatMap(this.participants(), states, models);
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.emitter.fire(next);
  }
}

/**
 * The seat map of a managed proxy, from each seat's login state and the models the proxy serves (pure):
 * - a paused login: `cooling`, with its reset when the proxy can reset it;
 * - no login of its provider: `needs-login` (Sign in);
 * - only disabled logins: `unavailable`, Enable;
 * - a login, but the proxy does not serve its model (a name it does not know): `unavailable`, the settings; no login
 *   known for it (a model whose name says nothing of its provider): `unavailable`, Sign in (to the provider that has it).
 * A ready seat whose model is served, or while the models are not known, is not listed.
 */
export function managedSeatMap(
  participants: readonly Participant[],
  states: ReadonlyMap<string, SeatState>,
  models: readonly string[] | undefined,
): SeatMap {
  const unserved = new Set(models ? findUnavailableModels(participants, models).map((m) => m.id) : []);
  const next: SeatMap = {};
  for (const p of participants) {
    const state = states.get(p.id);
    if (!state) continue;
    const name = (provider: string) => LOGIN_PROVIDERS.find((l) => l.id === provider)?.name ?? provider;
    if (state.kind === 'cooling') {
      next[p.id] = {
        kind: 'cooling',
        ...(state.until ? { until: state.until } : {}),
        reason: state.reason,
        canReset: state.authIndex !== undefined,
      };
    } else if (state.kind === 'needs-login') {
      next[p.id] = { kind: 'needs-login', provider: name(state.provider) };
    } else if (state.kind === 'disabled') {
      next[p.id] = {
        kind: 'unavailable',
        reason: `its ${name(state.provider)} login is disabled in CLIProxyAPI`,
        fix: 'enable',
      };
    } else if (unserved.has(p.id)) {
      next[p.id] = {
        kind: 'unavailable',
        reason: `CLIProxyAPI does not serve ${p.model}`,
        fix: state.kind === 'ready' ? 'settings' : 'signIn',
      };
    }
  }
  return next;
}
