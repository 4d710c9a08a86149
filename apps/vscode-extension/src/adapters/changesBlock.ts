import * as nodePath from 'node:path';
import type { ChangesScope, ContextBlock } from '@roundtable/core/transcript/schema';
import { fitWhole, nameList, plural } from './contextCap';

export type { ChangesScope };

/** A file git does not track yet: its text when it is small text that was read, else only its path. */
export interface UntrackedFile {
  /** Relative to the repository's root, with `/`, as git writes paths. */
  path: string;
  text?: string;
}

export interface Changes {
  /** The repository's folder relative to the workspace (`.` for its root). */
  place: string;
  scope: ChangesScope;
  /** `git diff` output: one `diff --git` section per file. */
  diff: string;
  /** Not in any git diff; given only for the scopes that cover the working tree. */
  untracked: readonly UntrackedFile[];
}

/** What the notes at the end may take, so a block cut short still has room to say what it left out. */
const NOTE_ROOM = 2_000;
const NAMES_ROOM = 800;

/**
 * The working tree's changes as one context block: the diff, then each untracked file that was read as a new-file
 * diff (git leaves untracked files out of its diffs, and a new file is often what the question is about), then a
 * note naming the untracked files that were not read. Over `max` (the pending context's limit per block), whole
 * files' changes are kept and the rest named in a note; only when not even one file fits is the first one cut, at a
 * hunk (else a line) boundary. Undefined when there is nothing to show.
 */
export function changesBlock(changes: Changes, max: number): ContextBlock | undefined {
  const pieces = [
    ...splitByFile(changes.diff),
    ...changes.untracked.flatMap((file) =>
      file.text === undefined ? [] : [{ name: file.path, text: newFileDiff(file.path, file.text) }],
    ),
  ];
  const unread = changes.untracked.filter((file) => file.text === undefined).map((file) => file.path);
  if (pieces.length === 0 && unread.length === 0) return undefined;
  const untrackedNote = unread.length > 0 ? `Untracked, not shown: ${nameList(unread, NAMES_ROOM)}\n` : '';
  let content = pieces.map((piece) => piece.text).join('') + untrackedNote;
  if (content.length > max) {
    const room = max - NOTE_ROOM;
    const { kept, leftOut } = fitWhole(pieces, room);
    let cut = '';
    if (kept.length === 0 && leftOut[0]) {
      const first = leftOut.shift() as (typeof pieces)[number];
      cut = `${cutAtHunk(first.text, room)}… the rest of ${first.name}'s changes left out\n`;
    }
    const more = leftOut.length;
    const leftOutNote =
      more > 0
        ? `… ${plural(more, "more file's", "more files'")} changes left out: ${nameList(
            leftOut.map((piece) => piece.name),
            NAMES_ROOM,
          )}\n`
        : '';
    content = `${cut}${kept.map((piece) => piece.text).join('')}${leftOutNote}${untrackedNote}`;
  }
  return { kind: 'changes', path: changes.place, scope: changes.scope, content, language: 'diff' };
}

/** One piece per `diff --git` section, each named by the path it changes (the new one, for a rename). */
export function splitByFile(diff: string): { name: string; text: string }[] {
  if (diff.trim() === '') return [];
  const text = diff.endsWith('\n') ? diff : `${diff}\n`;
  return text
    .split(/^(?=diff --git )/m)
    .filter((section) => section.trim() !== '')
    .map((section) => ({ name: fileName(section), text: section }));
}

function fileName(section: string): string {
  const header = section.slice(0, section.indexOf('\n'));
  return (
    /^\+\+\+ b\/(.+)$/m.exec(section)?.[1] ??
    /^--- a\/(.+)$/m.exec(section)?.[1] ??
    /^diff --git a\/.* b\/(.+)$/.exec(header)?.[1] ??
    header.replace(/^diff --git /, '')
  );
}

/** An untracked file as git would show it once added: every line added to an empty file. */
export function newFileDiff(path: string, text: string): string {
  const head = `diff --git a/${path} b/${path}\nnew file mode 100644\n`;
  if (text === '') return head;
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  const end = text.endsWith('\n') ? '' : '\\ No newline at end of file\n';
  const range = lines.length === 1 ? '+1' : `+1,${lines.length}`;
  const body = lines.map((line) => `+${line}\n`).join('');
  return `${head}--- /dev/null\n+++ b/${path}\n@@ -0,0 ${range} @@\n${body}${end}`;
}

/** The start of one file's diff within `room`, ending at the last hunk that fits whole, else at a line end. */
function cutAtHunk(text: string, room: number): string {
  const window = text.slice(0, room);
  const hunk = window.lastIndexOf('\n@@ ');
  const firstHunk = text.indexOf('\n@@ ');
  if (hunk > firstHunk && firstHunk >= 0) return text.slice(0, hunk + 1);
  const line = window.lastIndexOf('\n');
  return line >= 0 ? text.slice(0, line + 1) : '';
}

/**
 * Where a repository is, relative to the workspace folder that holds it or that it holds: `.` for the folder
 * itself, `packages/app` below it, `..` above it (a workspace opened inside a larger repository). Undefined for a
 * repository elsewhere, which no path relative to the workspace describes without naming the disk's layout.
 * `path`: the platform's path rules (on Windows another drive is elsewhere, and `C:\Work` is `c:\work`).
 */
export function repositoryPlace(
  workspaceFolders: readonly string[],
  root: string,
  { isAbsolute, relative, sep }: nodePath.PlatformPath = nodePath,
): string | undefined {
  for (const folder of workspaceFolders) {
    const down = relative(folder, root);
    if (down === '') return '.';
    if (!isAbsolute(down) && !down.split(sep).includes('..')) return down.split(sep).join('/');
    const up = relative(root, folder);
    if (!isAbsolute(up) && !up.split(sep).includes('..'))
      return up
        .split(sep)
        .map(() => '..')
        .join('/');
  }
  return undefined;
}
