// The one-line verdict a review opens with. Line by line over the first lines only, each pattern anchored on a line of
// bounded length, so a review of any size is read at once.

/** The longest verdict shown (a longer one is cut with an ellipsis). */
const MAX_VERDICT_CHARS = 200;
/** How many non-empty lines are looked through for the verdict: a review may open with a title first. */
const LINES_LOOKED_AT = 12;
/** A longer line is prose, never a verdict's label. */
const MAX_LABEL_LINE_CHARS = 2000;

/**
 * The verdict a review states with a label, among its first lines: `Verdict: …` (any case, bold or not),
 * `**Verdict** - …`, `Verdict — …`, `Overall verdict: …`, `Final verdict: …`; or the label alone (`## Verdict`,
 * `**Verdict:**`) and the verdict on the next non-empty line. Undefined when the review labels none.
 */
export function labelledVerdict(text: string): string | undefined {
  const lines = text
    .split('\n', 400)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .slice(0, LINES_LOOKED_AT);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.length > MAX_LABEL_LINE_CHARS) continue;
    const labelled = /^[*_#>\s]*(?:overall\s+|final\s+)?verdict[*_\s]*(?:[:：]|[-–—](?=\s|$))(.*)$/i.exec(line);
    const alone = /^[*_#>\s]*(?:overall\s+|final\s+)?verdict[*_\s]*$/i.test(line);
    if (!labelled && !alone) continue;
    const rest = unmarked(labelled?.[1] ?? '');
    if (rest !== '') return rest;
    const next = unmarked(lines[i + 1] ?? '');
    return next === '' ? undefined : next;
  }
  return undefined;
}

/**
 * The one-line verdict a review states (`labelledVerdict`), else the review's first line; at most 200 characters.
 * Empty for an empty review.
 */
export function verdictOf(text: string): string {
  const first = text
    .split('\n', 400)
    .find((line) => line.trim() !== '')
    ?.trim();
  const line = labelledVerdict(text) ?? first ?? '';
  return line.length > MAX_VERDICT_CHARS ? `${line.slice(0, MAX_VERDICT_CHARS - 1)}…` : line;
}

/** A line without the markup around it: bold or italic marks, a colon left by the label, spaces. */
function unmarked(said: string): string {
  let start = 0;
  let end = said.length;
  while (start < end && /[*_\s:：]/.test(said[start] as string)) start++;
  while (end > start && /[*_\s]/.test(said[end - 1] as string)) end--;
  return said.slice(start, end);
}
