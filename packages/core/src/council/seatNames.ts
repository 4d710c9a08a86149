import type { ParticipantConfig } from '../participants/participant';
import type { TurnPlan } from '../transcript/plan';
import type { NamedSeat } from './anonymise';

type Named = Pick<ParticipantConfig, 'id' | 'displayName' | 'aliases' | 'model' | 'provider'>;

/**
 * The names a seat goes by besides its id: its display name and aliases, and its model id (and the id's last part,
 * after any `/`) and provider when they look like ids (a digit, or a `-`, `.` or `:` in them: `gpt-5.5`, `claude-cli`),
 * not like a word that says what it means (`auto`, `local`); none blank, none twice.
 */
export function seatNamesOf(p: Named): string[] {
  const ids = [p.model, p.model.split('/').at(-1) ?? '', p.provider ?? ''].filter((n) => /[\d.:-]/.test(n));
  const names = [p.displayName, ...(p.aliases ?? []), ...ids].map((n) => n.trim());
  return [...new Set(names.filter((n) => n !== ''))];
}

/** Every seat at the table's names by id, as an anonymised plan records them when it is made (`seatNames`). */
export function recordSeatNames(participants: readonly Named[]): Record<string, string[]> {
  return Object.fromEntries(participants.map((p) => [p.id, seatNamesOf(p)]));
}

/**
 * The seats a prompt of `plan` scrubs, with every name each went by: the names the plan recorded, then those the
 * settings give it now (a seat renamed since keeps both; a plan of an older thread recorded none, so only today's
 * apply), for every seat either knows. `replacement`: what each seat's names become.
 */
export function namedSeats(
  plan: TurnPlan | undefined,
  participants: readonly Named[],
  replacement: (seat: string) => string,
): NamedSeat[] {
  const recorded = plan?.seatNames ?? {};
  const ids = [...new Set([...Object.keys(recorded), ...participants.map((p) => p.id)])];
  return ids.map((id) => {
    const now = participants.find((p) => p.id === id);
    const names = [...new Set([...(recorded[id] ?? []), ...(now ? seatNamesOf(now) : [])])];
    return { id, names, replacement: replacement(id) };
  });
}
