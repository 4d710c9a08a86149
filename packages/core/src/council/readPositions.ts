import type { Message, Transcript } from '../transcript/schema';
import type { ClaimPosition, PositionsReading } from '../transcript/synthesisReading';
import { standingsBefore } from './disputes';
import { parsePositions } from './parsePositions';

/**
 * What a reply of a dispute round says, read once when it ends with text: the position it took on each claim of the
 * round (`parsePositions`: the `positions` block its prompt asks for, and the forms models write it in); `changed` and
 * `withoutReason` are worked out here against where the seat stood before the round, never taken from the model.
 * Undefined for a reply that is not a dispute round's position or said nothing. Pure.
 */
export function readPositions(transcript: Transcript, message: Message): PositionsReading | undefined {
  const plan = message.step && transcript.plans?.find((p) => p.id === message.step?.plan);
  const claims = plan?.disputes?.claims;
  if (!plan || !claims || plan.steps[message.step?.index ?? -1]?.kind !== 'position' || !/\S/.test(message.content)) {
    return undefined;
  }
  const parsed = parsePositions(message.content, claims);
  if ('malformed' in parsed) return { malformed: parsed.malformed };
  const before = standingsBefore(transcript, plan);
  const taken: ClaimPosition[] = parsed.claims.map(({ claim, position, argument }) => {
    const was = before[claim]?.get(message.speaker);
    const changed = was !== undefined && was.position !== position;
    const sameArgument = sameWords(argument, was?.argument ?? '');
    return {
      claim,
      position,
      argument,
      ...(changed ? { changed: true as const } : {}),
      ...(changed && sameArgument ? { withoutReason: true as const } : {}),
    };
  });
  return { claims: taken };
}

/** Two arguments that say the same words (case, spacing and punctuation aside); two empty ones count as the same. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return words(a) === words(b);
}
