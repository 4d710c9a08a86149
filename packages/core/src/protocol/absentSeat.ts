import type { SeatFix, SeatView } from './proxyStatus';

// What a seat that cannot answer is, and what fixes it: pure words and rules over the seat map, with no schema, so
// the turns' code and the page read them without the protocol's validators.

/** A seat left out of turns until it is fixed (not a paused one). */
export type AbsentSeatView = Extract<SeatView, { kind: 'needs-login' | 'unavailable' }>;

/** Whether a seat in this state is left out of the turns that would ask it. */
export function isAbsent(seat: SeatView | undefined): seat is AbsentSeatView {
  return seat?.kind === 'needs-login' || seat?.kind === 'unavailable';
}

/** The action that fixes an absent seat, if any. */
export function fixOf(seat: AbsentSeatView): SeatFix | undefined {
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

/**
 * Why a seat is away, as a clause that names it ("GPT needs a ChatGPT login", "Gemini: Gemini CLI is not
 * installed"): the words of a refusal and of the line that names the absent seats above the message box.
 */
export function absenceClause(name: string, seat: AbsentSeatView): string {
  return seat.kind === 'needs-login' ? `${name} needs a ${seat.provider} login` : `${name}: ${seat.reason}`;
}
