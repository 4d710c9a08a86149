import type { SeatFix } from '../protocol/proxyStatus';

/**
 * What the user can do about a refusal, offered beside its reason: what fixes the seat that could not answer (sign in
 * to the login it needs, install or update its CLI, enable its login, open its settings); or, for Apply on a block
 * that is a part of the file it names, put the block at the cursor or review it instead (the page knows the block it
 * asked about).
 */
export type RefusalAction = { kind: SeatFix; participantId: string } | { kind: 'insertOrReview' };

/** Whether an intent was carried out; a refusal's reason, or a notice on success, is shown to the user. */
export type IntentResult = { ok: true; notice?: string } | { ok: false; reason: string; action?: RefusalAction };

export const OK: IntentResult = { ok: true };

export function refuse(reason: string, action?: RefusalAction): IntentResult {
  return action ? { ok: false, reason, action } : { ok: false, reason };
}
