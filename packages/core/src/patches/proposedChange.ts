import { applyPatch, parsePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import type { ChangeBlock } from './changeBlocks';
import { wholeFileText } from './proposals';
import { wholeness } from './wholeFile';
import { workspacePath } from './workspacePath';

/**
 * A change a reply proposes, read from a fenced unified diff (```diff with `---`/`+++` file headers): one entry per
 * file. A new file has no `oldPath` (its old side is /dev/null), a deleted one no `newPath`; a renamed one has both,
 * different (`rename from`/`rename to` git headers, or `---`/`+++` naming different paths), and may have no hunks (a
 * pure rename). Paths are as the diff names them, `a/` and `b/` prefixes removed; where they may point is
 * `workspacePath`'s rule.
 */
export interface FileChange {
  oldPath?: string;
  newPath?: string;
  hunks: StructuredPatchHunk[];
}

export type ParsedChange = { ok: true; files: FileChange[] } | { ok: false; reason: string };

/**
 * Reads a diff block. Refused with why when it is not a unified diff naming at least one file with hunks (or
 * renamed), or when it copies a file (git's `copy from`/`copy to`: not supported).
 */
export function parseProposedChange(text: string): ParsedChange {
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch (error) {
    return { ok: false, reason: `The diff cannot be read: ${(error as Error).message}` };
  }
  const copy = patches.find((p) => p.isCopy);
  if (copy) {
    const [from, to] = [sidePath(copy.oldFileName, 'a/'), sidePath(copy.newFileName, 'b/')];
    return { ok: false, reason: `${from} → ${to}: the diff copies a file, which cannot be applied (a rename can).` };
  }
  const files = patches
    .filter(
      (p) =>
        (p.hunks.length > 0 || p.isRename === true) && (p.oldFileName !== undefined || p.newFileName !== undefined),
    )
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

/** Whether a file's change renames it: both sides named, and different once read as workspace paths. */
export function isRename(change: FileChange): change is FileChange & { oldPath: string; newPath: string } {
  return (
    change.oldPath !== undefined &&
    change.newPath !== undefined &&
    inWorkspace(change.oldPath) !== inWorkspace(change.newPath)
  );
}

/**
 * The path whose text a change block's change to `path` (one of `changedFiles(block)`) starts from: the old path of
 * a file the diff renames to `path`, else `path` itself.
 */
export function sourceOf(block: ChangeBlock, path: string): string {
  if (block.kind !== 'diff') return path;
  const parsed = parseProposedChange(block.diff);
  const change = parsed.ok ? changeTo(parsed.files, path) : undefined;
  return change && isRename(change) && inWorkspace(change.newPath) === path ? inWorkspace(change.oldPath) : path;
}

/**
 * What one file of a change block (`path`, one of `changedFiles(block)`) becomes from the text of `sourceOf(block,
 * path)` now (undefined: it does not exist): the diff's change to that file applied, all hunks or none (the old path
 * of a rename is gone: undefined); or the block's whole content, when that is plausibly the whole file
 * (`wholeness`).
 */
export function fileAfter(current: string | undefined, block: ChangeBlock, path: string): AppliedChange {
  if (block.kind === 'file') {
    const text = wholeFileText(current, block);
    const whole = wholeness(current, text, path);
    if (whole.whole) return { ok: true, text };
    return { ok: false, failures: [`the block looks like a part of the file, not all of it (${whole.reason}).`] };
  }
  const parsed = parseProposedChange(block.diff);
  if (!parsed.ok) return { ok: false, failures: [parsed.reason] };
  const change = changeTo(parsed.files, path);
  if (!change) return { ok: false, failures: [`The diff does not change ${path}.`] };
  if (isRename(change) && inWorkspace(change.oldPath) === path) {
    return current === undefined ? { ok: false, failures: [`${path} does not exist.`] } : { ok: true, text: undefined };
  }
  return applyFileChange(current, change);
}

function changeTo(files: readonly FileChange[], path: string): FileChange | undefined {
  return files.find((f) => [f.newPath, f.oldPath].some((p) => p !== undefined && inWorkspace(p) === path));
}

function inWorkspace(path: string): string {
  const where = workspacePath(path);
  return where.ok ? where.path : path;
}
