import { formatReturn } from '../bench/formatReturn';
import type { AbsentSeatView } from './absentSeat';
import type { CoolingCause, SeatFix } from './proxyStatus';

// What fixes a seat that cannot answer (`isAbsent`), and how it is said: the words of a refusal and of the line that
// names the absent seats above the message box.

/** The action that fixes an absent seat, if any (a cooling one waits, or is Reset: not a fix). */
export function fixOf(seat: AbsentSeatView): SeatFix | undefined {
  if (seat.kind === 'cooling') return undefined;
  return seat.kind === 'needs-login' ? 'signIn' : seat.fix;
}

/** What the button that fixes a seat says. */
export const FIX_LABELS: Readonly<Record<SeatFix, string>> = {
  signIn: 'Sign in',
  install: 'Install',
  update: 'Update',
  enable: 'Enable',
  settings: 'Settings',
};

/** How a cooling seat is named, by why it cools. */
const COOLING_WORDS: Readonly<Record<CoolingCause, string>> = {
  'usage-limit': 'is out of its usage limit',
  'rate-limit': 'is rate-limited',
  paused: 'is paused by the proxy',
};

/**
 * Why a seat is away, as a clause that names it ("GPT needs a ChatGPT login", "Gemini: Gemini CLI is not
 * installed", "Claude is out of its usage limit until 14:05", "… until Mon 14 Dec" when over a day away): the words
 * of a refusal and of the line that names the absent seats above the message box. `timeZone` is for tests.
 */
export function absenceClause(name: string, seat: AbsentSeatView, now: number = Date.now(), timeZone?: string): string {
  if (seat.kind === 'cooling') {
    return `${name} ${COOLING_WORDS[seat.cause ?? 'paused']} until ${formatReturn(seat.until, now, timeZone)}`;
  }
  return seat.kind === 'needs-login' ? `${name} needs a ${seat.provider} login` : `${name}: ${seat.reason}`;
}
