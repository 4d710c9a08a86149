/** Names Windows keeps for devices, with any extension (`nul.txt` is the null device, not a file). */
const WINDOWS_DEVICE =
  /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\..*)?$/i;
/** Characters Windows refuses in a name (`:` would also write an alternate data stream of another file). */
const WINDOWS_FORBIDDEN = /[<>:"|?*]/;
/** Below this, characters are control characters, which Windows refuses in a name too. */
const FIRST_PRINTABLE = 0x20;

/**
 * Why Windows would not take a path's part as written, or undefined: a name ending in a dot or a space (Windows drops
 * them, so `.. ` would be `..` and climb out of the folder, and `a.ts.` would be `a.ts`), a device name, or one with a
 * character Windows refuses. Elsewhere those are ordinary names (Linux's own tree has an `aux.c`), so only a host on
 * Windows asks (`workspacePath`'s `unfit`).
 */
export function windowsNameProblem(part: string): string | undefined {
  if (/[. ]$/.test(part)) return 'ends in a dot or a space, which Windows drops (it would name another file)';
  if (WINDOWS_DEVICE.test(part)) return 'is a device name on Windows';
  if (WINDOWS_FORBIDDEN.test(part) || [...part].some((c) => c.charCodeAt(0) < FIRST_PRINTABLE)) {
    return 'has a character Windows does not allow in a name';
  }
  return undefined;
}
