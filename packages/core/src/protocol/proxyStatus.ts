import * as z from 'zod/mini';

/**
 * What the views show of the proxy and of the participants' seats: the proxy's state with what the user needs to
 * know, and each seat that cannot answer now with why.
 */

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** One line for the status pill's tooltip: what is in use, or what is wrong and what to do. */
const detail = z.string().check(z.maxLength(4000));

/**
 * The proxy's state as a view shows it, each state with what the user needs to know. An external proxy is only ever
 * `checking`, `healthy` or `unhealthy`; a managed one goes through all of them.
 */
export const SidecarStatus = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('checking'), detail }),
  z.strictObject({
    state: z.literal('downloading'),
    detail,
    receivedBytes: z.int().check(z.nonnegative()),
    totalBytes: z.optional(z.int().check(z.positive())),
  }),
  z.strictObject({ state: z.literal('verifying'), detail }),
  z.strictObject({ state: z.literal('starting'), detail }),
  z.strictObject({ state: z.literal('healthy'), detail }),
  z.strictObject({ state: z.literal('unhealthy'), detail }),
  /** Restarting after a crash, at `retryAt` (milliseconds since the epoch). */
  z.strictObject({ state: z.literal('backoff'), detail, retryAt: z.number() }),
  z.strictObject({ state: z.literal('stopped'), detail }),
  /** Given up (or cannot start at all): only the user's Restart starts it again. */
  z.strictObject({ state: z.literal('failed'), detail }),
]);
export type SidecarStatus = z.infer<typeof SidecarStatus>;

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
export const SeatFix = z.enum(['signIn', 'install', 'update', 'enable', 'settings']);
export type SeatFix = z.infer<typeof SeatFix>;

/**
 * What a participant's seat can do now, from the proxy's logins and model list, the providers' health and the CLIs'
 * detection: absent when ready or when nothing is known. `needs-login` and `unavailable` seats are left out of the
 * turns that would ask them (a paused seat is not: its pause may end at any moment).
 */
export const SeatView = z.discriminatedUnion('kind', [
  /** Every login it could use is paused, until `until` (ms since the epoch) when the proxy says. */
  z.strictObject({
    kind: z.literal('cooling'),
    until: z.optional(z.number()),
    reason: z.string().check(z.maxLength(2000)),
    canReset: z.boolean(),
  }),
  /** Signing in to `provider` (a login of the proxy's, or the CLI's own) is what it needs. */
  z.strictObject({ kind: z.literal('needs-login'), provider: z.string().check(z.maxLength(64)) }),
  /**
   * It cannot be reached: its endpoint is down or does not serve its model, its CLI is missing or too old, its login
   * is disabled. `reason` is one clause ("Gemini CLI is not installed"); `fix`, when something fixes it.
   */
  z.strictObject({
    kind: z.literal('unavailable'),
    reason: z.string().check(z.maxLength(2000)),
    fix: z.optional(SeatFix),
  }),
]);
export type SeatView = z.infer<typeof SeatView>;
/** Participant id → its seat, for the seats that are not simply ready. */
export const SeatMap = z.record(id, SeatView);
export type SeatMap = z.infer<typeof SeatMap>;

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
