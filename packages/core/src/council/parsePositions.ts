import { MAX_ARGUMENT_CHARS, type Position } from '../transcript/synthesisReading';
import { isRecord } from './fences';
import { dataBlock } from './jsonBlock';
import { parseLenientJson } from './lenientJson';
import { positionOf } from './replyWords';

/** A position as the reply states it, by the claim's index; whether it changed is worked out by `readPositions`. */
export interface StatedPosition {
  claim: number;
  position: Position;
  argument: string;
}

export type ParsedPositions = { claims: StatedPosition[] } | { malformed: string };

/**
 * The positions a dispute round's reply takes on the round's `claims`. The prompt asks for `{"positions": [{"claim":
 * 1, "position": "supported", "argument": "…"}]}` fenced as `positions`; read as well: that JSON under any other fence
 * label or none, or bare in the prose, with comments and trailing commas; the list alone (`[{…}]`), or an object by
 * claim (`{"positions": {"1": "supported", "Claim 2": {"position": "disputed", "argument": "…"}}}`); a claim named by
 * its number (`1`, `"1"`, `"Claim 1"`, `"#1"`) or by its exact text; the position under `position` (or `stance`,
 * `verdict`, `mark`) in other words (`holds`, `agree`, `rejects`, `false`: `positionOf`); the argument under
 * `argument` (or `reason`, `why`). A position it does not state is never filled in; the first one given for a claim
 * counts. Pure and total.
 */
export function parsePositions(text: string, claims: readonly string[]): ParsedPositions {
  const block = dataBlock(text, 'positions', 'positions');
  if (!block) return { malformed: 'it wrote no `positions` block' };
  const parsed = parseLenientJson(block.body);
  if (!parsed.ok) return { malformed: 'its positions block is not JSON' };
  const json = parsed.value;
  const list = isRecord(json) && 'positions' in json ? json.positions : json;
  // One entry written without its list, or an object by claim (`{"1": …, "Claim 2": …}`) keyed by what names it.
  const one = isRecord(list) && 'position' in list ? [list] : list;
  const entries = Array.isArray(one)
    ? one.map((e) => [undefined, e] as const)
    : isRecord(one)
      ? Object.entries(one)
      : [];
  if (entries.length === 0) return { malformed: 'its positions block needs a "positions" list, one entry per claim' };
  const taken: StatedPosition[] = [];
  for (const [key, entry] of entries) {
    const record: Record<string, unknown> = isRecord(entry) ? entry : { position: entry };
    const index = claimIndex(record.claim ?? key, claims);
    const said = [record.position, record.stance, record.verdict, record.mark].find((p) => typeof p === 'string');
    const position = typeof said === 'string' ? positionOf(said) : undefined;
    if (index === undefined || !position || taken.some((t) => t.claim === index)) continue;
    const why = [record.argument, record.reason, record.why].find((a) => typeof a === 'string');
    const argument = typeof why === 'string' ? why.trim() : '';
    taken.push({
      claim: index,
      position,
      argument: argument.length > MAX_ARGUMENT_CHARS ? `${argument.slice(0, MAX_ARGUMENT_CHARS - 1)}…` : argument,
    });
  }
  if (taken.length === 0) {
    return { malformed: `its positions block takes no position on the claims (1 to ${claims.length}) it was asked` };
  }
  return { claims: taken.sort((a, b) => a.claim - b.claim) };
}

/**
 * The index of the claim `value` names: its number as the prompt gave it (from 1: `1`, `"1"`, `"Claim 1"`, `"#1"`), or
 * its text exactly (case and spacing aside); undefined when it names no claim of the round.
 */
function claimIndex(value: unknown, claims: readonly string[]): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const said = String(value).trim();
  const number = /^(?:claim\s*)?#?\s*(\d{1,3})[.:)]?$/i.exec(said)?.[1];
  const n = number === undefined ? Number.NaN : Number(number);
  if (Number.isInteger(n) && n >= 1 && n <= claims.length) return n - 1;
  const words = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const at = said.length <= 2000 ? claims.findIndex((c) => words(c) === words(said)) : -1;
  return at >= 0 ? at : undefined;
}
