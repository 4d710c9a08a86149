/**
 * Negative, zero or positive as dotted version `a` is older than, the same as, or newer than `b`. Parts compare as
 * numbers (`2.1.10` is newer than `2.1.9`), a missing part counts as 0 (`0.61` is `0.61.0`), and a pre-release or
 * build suffix after `-` or `+` is read as further parts.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split(/[.+-]/).map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
