// Cutting generated context (the working tree's changes, the editor's problems) to one block's size. The pending
// context would cut a long block anywhere after a line; these cut at whole pieces (a file's diff, a problem's line),
// so what the model reads is never half a file's changes without saying so, and a note names what was left out.

/**
 * The pieces that fit in `room` characters, in order. A piece too long for what is left is skipped and the next
 * ones are still tried, so one huge diff (a lock file) does not crowd out every small one after it.
 */
export function fitWhole<T extends { text: string }>(pieces: readonly T[], room: number): { kept: T[]; leftOut: T[] } {
  const kept: T[] = [];
  const leftOut: T[] = [];
  let used = 0;
  for (const piece of pieces) {
    if (used + piece.text.length <= room) {
      kept.push(piece);
      used += piece.text.length;
    } else {
      leftOut.push(piece);
    }
  }
  return { kept, leftOut };
}

/** Names joined with commas up to about `max` characters, then "and N more". */
export function nameList(names: readonly string[], max: number): string {
  let text = '';
  let shown = 0;
  for (const name of names) {
    const next = shown === 0 ? name : `${text}, ${name}`;
    if (shown > 0 && next.length > max) break;
    text = next.length > max ? `${next.slice(0, max)}…` : next;
    shown++;
  }
  const rest = names.length - shown;
  return rest > 0 ? `${text} and ${count(rest)} more` : text;
}

/** A count as people write it: `12`, `1,234`. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** `1 file`, `3 files`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}
