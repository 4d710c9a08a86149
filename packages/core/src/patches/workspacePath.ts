/**
 * A path a reply names, as a path inside the workspace folder (`/`-separated, no `.` or empty parts), or why it may
 * not be written: an absolute path (`/etc/passwd`, `C:\…`, `\\server\…`, `~/…`), or one that climbs out of the folder
 * with `..`. A model's diff may name any path; only one inside the workspace can become a change the user applies.
 *
 * `unfit`: the platform's own rules for a name, asked of each part as written (on Windows, `windowsNameProblem`).
 */
export function workspacePath(
  path: string,
  unfit?: (part: string) => string | undefined,
): { ok: true; path: string } | { ok: false; reason: string } {
  const raw = path.trim();
  if (raw === '') return { ok: false, reason: 'The diff names an empty path.' };
  if (/^([/\\~]|[A-Za-z]:)/.test(raw)) {
    return { ok: false, reason: `${raw} is not a path inside the workspace (it is absolute).` };
  }
  const parts: string[] = [];
  for (const part of raw.split(/[/\\]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return { ok: false, reason: `${raw} climbs out of the workspace.` };
      parts.pop();
      continue;
    }
    const problem = unfit?.(part);
    if (problem) return { ok: false, reason: `${raw} cannot be used here: \`${part}\` ${problem}.` };
    parts.push(part);
  }
  if (parts.length === 0) return { ok: false, reason: `${raw} names no file.` };
  return { ok: true, path: parts.join('/') };
}
