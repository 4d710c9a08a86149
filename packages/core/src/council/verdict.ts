/**
 * The one-line verdict a review starts with (`Verdict: …`, in any case, bold or not), else the review's first line;
 * at most 200 characters. Empty for an empty review.
 */
export function verdictOf(text: string): string {
  const first =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  const labelled = /^[*_#>\s]*verdict[*_\s]*[:：][*_\s]*(.*?)[*_\s]*$/i.exec(first);
  const line = (labelled ? labelled[1] : first) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
