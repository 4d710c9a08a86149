import * as v from 'valibot';
import { count, finite, positiveInt } from '../transcript/base';

/**
 * What the views show of the proxy and of the participants' seats: the proxy's state with what the user needs to
 * know, and each seat that cannot answer now with why.
 */

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/** One line for the status pill's tooltip: what is in use, or what is wrong and what to do. */
const detail = v.pipe(v.string(), v.maxLength(4000));

/**
 * The proxy's state as a view shows it, each state with what the user needs to know. An external proxy is only ever
 * `checking`, `healthy` or `unhealthy`; a managed one goes through all of them.
 */
export const SidecarStatus = v.variant('state', [
  v.strictObject({ state: v.literal('checking'), detail }),
  v.strictObject({
    state: v.literal('downloading'),
    detail,
    receivedBytes: count,
    totalBytes: v.optional(positiveInt),
  }),
  v.strictObject({ state: v.literal('verifying'), detail }),
  v.strictObject({ state: v.literal('starting'), detail }),
  v.strictObject({ state: v.literal('healthy'), detail }),
  v.strictObject({ state: v.literal('unhealthy'), detail }),
  /** Restarting after a crash, at `retryAt` (milliseconds since the epoch). */
  v.strictObject({ state: v.literal('backoff'), detail, retryAt: finite }),
  v.strictObject({ state: v.literal('stopped'), detail }),
  /** Given up (or cannot start at all): only the user's Restart starts it again. */
  v.strictObject({ state: v.literal('failed'), detail }),
]);
export type SidecarStatus = v.InferOutput<typeof SidecarStatus>;

/** Replies can go through now. */
export function isSidecarUp(status: SidecarStatus): boolean {
  return status.state === 'healthy';
}

/** On its way up: not an error yet. */
export function isSidecarPending(status: SidecarStatus): boolean {
  return (
    status.state === 'checking' ||
    status.state === 'downloading' ||
    status.state === 'verifying' ||
    status.state === 'starting'
  );
}

/** How every view colours the proxy's state: green when up, amber on the way up or restarting, red otherwise. */
export function sidecarTone(status: SidecarStatus): 'ok' | 'pending' | 'error' {
  if (isSidecarUp(status)) return 'ok';
  return isSidecarPending(status) || status.state === 'backoff' ? 'pending' : 'error';
}

/**
 * What fixes a seat that cannot answer, as the one action offered beside it: sign in to the login it needs, install
 * or update the CLI it runs on, enable the login the proxy holds disabled, or open the settings that seat it.
 */
export const SeatFix = v.picklist(['signIn', 'install', 'update', 'enable', 'settings']);
export type SeatFix = v.InferOutput<typeof SeatFix>;

/**
 * Why a seat is cooling, for the words that name it: its plan's usage limit or the proxy's quota cooldown
 * (`usage-limit`), a provider's rate limit (`rate-limit`), or a pause of the proxy's after failures (`paused`, also
 * when unsaid).
 */
export const CoolingCause = v.picklist(['usage-limit', 'rate-limit', 'paused']);
export type CoolingCause = v.InferOutput<typeof CoolingCause>;

/**
 * What a participant's seat can do now, from the proxy's logins and model list, the providers' health, the CLIs'
 * detection and the bench (seats whose last reply met a limit with a stated end): absent when ready or when nothing
 * is known. `needs-login` and `unavailable` seats, and `cooling` ones whose `until` is still ahead, are left out of
 * the turns that would ask them (`isAbsent`); a cooling seat with no time stated is not: its pause may end at any
 * moment, and asking it costs one quick answer from the proxy, which states the time.
 */
export const SeatView = v.variant('kind', [
  /**
   * Every login it could use is paused, or its last reply met a limit: until `until` (ms since the epoch) when that
   * was stated. `canReset` when the managed proxy can clear the pause (Reset).
   */
  v.strictObject({
    kind: v.literal('cooling'),
    until: v.optional(finite),
    reason: v.pipe(v.string(), v.maxLength(2000)),
    canReset: v.boolean(),
    cause: v.optional(CoolingCause),
  }),
  /** Signing in to `provider` (a login of the proxy's, or the CLI's own) is what it needs. */
  v.strictObject({ kind: v.literal('needs-login'), provider: v.pipe(v.string(), v.maxLength(64)) }),
  /**
   * It cannot be reached: its endpoint is down or does not serve its model, its CLI is missing or too old, its login
   * is disabled. `reason` is one clause ("Gemini CLI is not installed"); `fix`, when something fixes it.
   */
  v.strictObject({
    kind: v.literal('unavailable'),
    reason: v.pipe(v.string(), v.maxLength(2000)),
    fix: v.optional(SeatFix),
  }),
]);
export type SeatView = v.InferOutput<typeof SeatView>;
/** Participant id → its seat, for the seats that are not simply ready. */
export const SeatMap = v.record(id, SeatView);
export type SeatMap = v.InferOutput<typeof SeatMap>;

/**
 * What the table can do while the proxy answers: `needs-login` when no seat that could be asked can answer and
 * signing in is what helps (one of them needs a login), `paused` when none can answer for another reason (paused
 * logins, an endpoint down); undefined while one can, while nothing is known of the seats, or while the proxy is
 * not up (the proxy's own state says more then).
 */
export function seatlessTable(
  status: SidecarStatus,
  seats: SeatMap,
  routable: readonly string[],
): 'needs-login' | 'paused' | undefined {
  if (!isSidecarUp(status) || routable.length === 0) return undefined;
  const views = routable.map((id) => seats[id]);
  if (views.some((seat) => seat === undefined)) return undefined;
  return views.some((seat) => seat?.kind === 'needs-login') ? 'needs-login' : 'paused';
}
