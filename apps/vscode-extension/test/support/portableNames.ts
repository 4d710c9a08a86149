import { windowsNameProblem } from '@roundtable/core/patches/windowsNames';

/**
 * What keeps a set of `/`-separated relative paths from being written as they are on every system a user or a
 * contributor has: a part Windows would not take (`windowsNameProblem`), or two paths that macOS and Windows would
 * write to the same place. Their usual file systems ignore case, and macOS's also takes a name in either Unicode
 * form (é as one character or as e and an accent) as the same name; there one of the two files would silently
 * replace the other. Folders count as well as files (`Src/a.ts` and `src/b.ts` share a folder there).
 */
export function portabilityProblems(paths: Iterable<string>): string[] {
  const problems: string[] = [];
  const byFolded = new Map<string, string>();
  for (const path of paths) {
    const parts = path.split('/').filter((part) => part !== '');
    for (const [index, part] of parts.entries()) {
      const problem = windowsNameProblem(part);
      if (problem) problems.push(`${path}: "${part}" ${problem}`);
      const prefix = parts.slice(0, index + 1).join('/');
      const folded = prefix.normalize('NFC').toLowerCase();
      const seen = byFolded.get(folded);
      if (seen === undefined) byFolded.set(folded, prefix);
      else if (seen !== prefix) problems.push(`${seen} and ${prefix} are one name on macOS and Windows`);
    }
  }
  return [...new Set(problems)];
}
