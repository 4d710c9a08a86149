import { MAX_FOUND_FILES, MAX_PATH_CHARS } from '../limits/files';

/** How one path matched a query; smaller is better, field by field. */
interface Match {
  path: string;
  /** 0: the query is in the file's name; 1: only in the whole path. */
  where: number;
  /** How many separate runs the query's characters fall in (1: it appears as typed). */
  runs: number;
  /** Where the first matched character is, in the name or in the path. */
  first: number;
}

/**
 * The workspace paths that match a `#name` query, best first, at most `limit`. A path matches when the query's
 * characters appear in it in order (a subsequence, any case; `rp` finds `retryPolicy.ts`). Ranked by, in turn:
 * - where: a match within the file's name before one that needs the folders too (`util` finds `util.ts` before
 *   `utils/index.ts`);
 * - contiguity: the query as typed before the same letters spread out, and fewer pieces before more;
 * - position: an earlier first match before a later one (the start of a name is what people type);
 * - length: shorter paths first, then plain code-unit order, so the same list always ranks the same.
 *
 * Pure, and linear in the paths' total length: it runs on every key typed after a `#`, over up to 5,000 paths. Runs
 * are counted on the leftmost match (a later start could sometimes make fewer; ranking stays a heuristic). An empty
 * query matches nothing (a bare `#` opens no list), and a path longer than the protocol carries is never listed.
 */
export function rankFiles(paths: readonly string[], query: string, limit = MAX_FOUND_FILES): string[] {
  const q = query.toLowerCase();
  if (q === '') return [];
  const matches: Match[] = [];
  for (const path of paths) {
    if (path.length > MAX_PATH_CHARS) continue;
    const match = matchPath(path, q);
    if (match) matches.push(match);
  }
  return matches
    .sort(
      (a, b) =>
        a.where - b.where ||
        a.runs - b.runs ||
        a.first - b.first ||
        a.path.length - b.path.length ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    )
    .slice(0, limit)
    .map((m) => m.path);
}

function matchPath(path: string, query: string): Match | undefined {
  const lower = path.toLowerCase();
  const nameStart = lower.lastIndexOf('/') + 1;
  const inName = subsequence(lower.slice(nameStart), query);
  if (inName) return { path, where: 0, ...inName };
  const inPath = subsequence(lower, query);
  return inPath && { path, where: 1, ...inPath };
}

/** Where `query` is in `text` in order: as typed when it is there, else the leftmost spread-out match. */
function subsequence(text: string, query: string): { runs: number; first: number } | undefined {
  const exact = text.indexOf(query);
  if (exact >= 0) return { runs: 1, first: exact };
  let at = -1;
  let first = -1;
  let runs = 0;
  // By code unit, like indexOf: a character outside the BMP is two units that then follow each other.
  for (let i = 0; i < query.length; i++) {
    const next = text.indexOf(query.charAt(i), at + 1);
    if (next < 0) return undefined;
    if (next !== at + 1 || first < 0) runs += 1;
    if (first < 0) first = next;
    at = next;
  }
  return { runs, first };
}
