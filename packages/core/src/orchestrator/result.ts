/** Whether an intent was carried out; a refusal's reason, or a notice on success, is shown to the user. */
export type IntentResult = { ok: true; notice?: string } | { ok: false; reason: string };

export const OK: IntentResult = { ok: true };

export function refuse(reason: string): IntentResult {
  return { ok: false, reason };
}
