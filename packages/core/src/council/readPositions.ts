import type { Message, Transcript } from '../transcript/schema';
import {
  type ClaimPosition,
  MAX_ARGUMENT_CHARS,
  type Position,
  type PositionsReading,
} from '../transcript/synthesisReading';
import { standingsBefore } from './disputes';
import { fencedBlocks, isRecord } from './ledger';

/**
 * What a reply of a dispute round says, read once when it ends with text: the position it took on each claim of the
 * round, from the last fenced block tagged `positions` (or `json` holding `positions`), as
 * `{"positions": [{"claim": 1, "position": "supported", "argument": "…"}]}` with claims numbered from 1 as its prompt
 * numbered them; `changed` and `withoutReason` are worked out here against where the seat stood before the round,
 * never taken from the model. Undefined for a reply that is not a dispute round's position or said nothing. Pure.
 */
export function readPositions(transcript: Transcript, message: Message): PositionsReading | undefined {
  const plan = message.step && transcript.plans?.find((p) => p.id === message.step?.plan);
  const claims = plan?.disputes?.claims;
  if (!plan || !claims || plan.steps[message.step?.index ?? -1]?.kind !== 'position' || !/\S/.test(message.content)) {
    return undefined;
  }
  const blocks = fencedBlocks(message.content);
  const block =
    blocks.findLast((b) => b.info === 'positions') ??
    blocks.findLast((b) => b.info === 'json' && /"positions"/.test(b.body));
  if (!block) return { malformed: 'it wrote no positions block' };
  let json: unknown;
  try {
    json = JSON.parse(block.body);
  } catch {
    return { malformed: 'its positions block is not JSON' };
  }
  const entries = isRecord(json) ? json.positions : Array.isArray(json) ? json : undefined;
  if (!Array.isArray(entries)) return { malformed: 'its positions block needs a "positions" list' };
  const before = standingsBefore(transcript, plan);
  const taken: ClaimPosition[] = [];
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const index = claimIndex(entry.claim, claims.length);
    const position = typeof entry.position === 'string' ? readPosition(entry.position) : undefined;
    if (index === undefined || !position || taken.some((t) => t.claim === index)) continue;
    const said = typeof entry.argument === 'string' ? entry.argument.trim() : '';
    const argument = said.length > MAX_ARGUMENT_CHARS ? `${said.slice(0, MAX_ARGUMENT_CHARS - 1)}…` : said;
    const was = before[index]?.get(message.speaker);
    const changed = was !== undefined && was.position !== position;
    const sameArgument = sameWords(argument, was?.argument ?? '');
    taken.push({
      claim: index,
      position,
      argument,
      ...(changed ? { changed: true as const } : {}),
      ...(changed && sameArgument ? { withoutReason: true as const } : {}),
    });
  }
  if (taken.length === 0) return { malformed: 'its positions block takes no position on the claims' };
  return { claims: taken.sort((a, b) => a.claim - b.claim) };
}

/** A claim's number as the prompt gave it (from 1), as its index; undefined when it names no claim of the round. */
function claimIndex(value: unknown, count: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= count ? n - 1 : undefined;
}

function readPosition(value: string): Position | undefined {
  const said = value.trim().toLowerCase();
  if (['supported', 'supports', 'holds', 'hold', 'agree', 'true'].includes(said)) return 'supported';
  if (['disputed', 'disputes', 'rejects', 'reject', 'disagree', 'false'].includes(said)) return 'disputed';
  return undefined;
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
