import { applyPatch, parsePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import type { ChangeBlock } from './changeBlocks';
import { wholeFileText } from './proposals';
import { workspacePath } from './workspacePath';

/**
 * A change a reply proposes, read from a fenced unified diff (```diff with `---`/`+++` file headers): one entry per
 * file. A new file has no `oldPath` (its old side is /dev/null), a deleted one no `newPath`. Paths are as the diff
 * names them, `a/` and `b/` prefixes removed; where they may point is `workspacePath`'s rule.
 */
export interface FileChange {
  oldPath?: string;
  newPath?: string;
  hunks: StructuredPatchHunk[];
}

export type ParsedChange = { ok: true; files: FileChange[] } | { ok: false; reason: string };

/** Reads a diff block. Refused with why when it is not a unified diff naming at least one file with hunks. */
export function parseProposedChange(text: string): ParsedChange {
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch (error) {
    return { ok: false, reason: `The diff cannot be read: ${(error as Error).message}` };
  }
  const files = patches
    .filter((p) => p.hunks.length > 0 && (p.oldFileName !== undefined || p.newFileName !== undefined))
    .map((p): FileChange => {
      const oldPath = sidePath(p.oldFileName, 'a/');
      const newPath = sidePath(p.newFileName, 'b/');
      return { ...(oldPath ? { oldPath } : {}), ...(newPath ? { newPath } : {}), hunks: p.hunks };
    })
    .filter((f) => f.oldPath !== undefined || f.newPath !== undefined);
  if (files.length === 0) {
    return {
      ok: false,
      reason: 'The diff names no file with a change (it needs `--- a/path` and `+++ b/path` lines).',
    };
  }
  return { ok: true, files };
}

/** What one file becomes: its new text (undefined: the file is deleted), or every hunk that does not apply, and why. */
export type AppliedChange = { ok: true; text: string | undefined } | { ok: false; failures: string[] };

/**
 * Applies one file's change to its text as it is now (undefined: the file does not exist). All or nothing: each hunk
 * is tried, in order, against the text as the hunks before it left it (a hunk may have moved: the library looks
 * around its line numbers, with no fuzz in its context lines), and if any does not apply, every one that did not is
 * named and no text is given. Line endings follow the file's (a CRLF file stays CRLF).
 */
export function applyFileChange(current: string | undefined, change: FileChange): AppliedChange {
  if (change.oldPath === undefined) {
    if (current !== undefined)
      return { ok: false, failures: [`${change.newPath} already exists; the diff creates it.`] };
    return applyHunks('', change);
  }
  if (current === undefined) return { ok: false, failures: [`${change.oldPath} does not exist.`] };
  const applied = applyHunks(current, change);
  if (!applied.ok || change.newPath !== undefined) return applied;
  // A deletion: every line the diff removes must be the file's, and nothing may be left.
  return applied.text === ''
    ? { ok: true, text: undefined }
    : { ok: false, failures: [`${change.oldPath} has lines the diff does not delete.`] };
}

function applyHunks(text: string, change: FileChange): AppliedChange {
  const failures: string[] = [];
  let result = text;
  for (const [i, hunk] of change.hunks.entries()) {
    const next = applyPatch(result, { ...emptyPatch, hunks: [hunk] });
    if (next === false) failures.push(`Hunk ${i + 1} (${header(hunk)}): its lines are not in the file as it is now.`);
    else result = next;
  }
  return failures.length > 0 ? { ok: false, failures } : { ok: true, text: result };
}

const emptyPatch: StructuredPatch = {
  oldFileName: undefined,
  newFileName: undefined,
  oldHeader: undefined,
  newHeader: undefined,
  hunks: [],
};

function header(h: StructuredPatchHunk): string {
  return `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`;
}

function sidePath(name: string | undefined, prefix: string): string | undefined {
  if (name === undefined || name === '/dev/null' || name.trim() === '') return undefined;
  const path = name.trim().replace(/\t.*$/, '');
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/**
 * What one file of a change block (`path`, one of `changedFiles(block)`) becomes from its text now (undefined: it
 * does not exist): the diff's change to that file applied, all hunks or none; or the block's whole content.
 */
export function fileAfter(current: string | undefined, block: ChangeBlock, path: string): AppliedChange {
  if (block.kind === 'file') return { ok: true, text: wholeFileText(current, block) };
  const parsed = parseProposedChange(block.diff);
  if (!parsed.ok) return { ok: false, failures: [parsed.reason] };
  const change = parsed.files.find((f) =>
    [f.newPath, f.oldPath].some((p) => p !== undefined && inWorkspace(p) === path),
  );
  return change ? applyFileChange(current, change) : { ok: false, failures: [`The diff does not change ${path}.`] };
}

function inWorkspace(path: string): string {
  const where = workspacePath(path);
  return where.ok ? where.path : path;
}
