import { MAX_INFO_CHARS } from '../limits/changeBlocks';
import { fenceLanguage } from '../protocol/fenceLanguage';
import { workspacePath } from './workspacePath';

/**
 * A fenced code block of a reply that proposes a change to workspace files: a unified diff (tagged `diff` or
 * `patch`; `files` are the paths its headers name), or a file's whole new content, when the block names its file
 * (`path`; `label` is the first line that named it, which is not part of the content). The webview and the host read
 * blocks with this one rule, so the buttons a block shows and what the host does with it agree. No diff library
 * here: the webview bundles it.
 */
export type ChangeBlock =
  | { kind: 'diff'; diff: string; files: string[] }
  | { kind: 'file'; path: string; content: string; label?: string };

/** A fenced block as written: its info string (what follows the opening fence) and its code, each line ending in `\n`. */
export interface Fenced {
  info: string;
  code: string;
}

// A path as a block names it: letters, digits and `_ . - / \ @ + ~`, ending in a name with an extension that starts
// with a letter (`src/a.ts`, `.github/ci.yml`, `a.test.tsx`). No spaces, quotes or colons: prose, URLs and shell
// lines never match, and neither does a file without an extension (`Makefile`).
const PATH = /^[\w.@+~/\\-]*[\w@+~-]\.[A-Za-z][A-Za-z0-9]{0,9}$/;
const ATTRIBUTE = /(?:^|\s)(?:title|file|filename|path)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))/i;
const LANGUAGE = /^[\w+#.-]+$/;
// A first line that is a comment holding only a path, perhaps after `File:` or `Path:`.
const COMMENTS = [
  /^(?:\/\/|#|--|;)\s+(?:(?:file(?:name)?|path)\s*:\s*)?(\S+)$/i,
  /^\/\*\s*(?:(?:file(?:name)?|path)\s*:\s*)?(\S+?)\s*\*\/$/i,
  /^<!--\s*(?:(?:file(?:name)?|path)\s*:\s*)?(\S+?)\s*-->$/i,
];

/**
 * Reads a fenced block as a proposed change, or undefined for an ordinary block. A block tagged `diff` or `patch` is
 * a diff. Any other block is a whole file when it names its path, the first of these that does:
 * 1. an attribute of its info string: `title="src/a.ts"`, `file=`, `filename=` or `path=` (quoted or not);
 * 2. its info string's first word as `language:path` (```` ```ts:src/a.ts ````), or as a path with a folder
 *    (```` ```src/a.ts ````);
 * 3. its info string's second word, after the language (```` ```ts src/a.ts ````);
 * 4. its first line, when that line is a comment holding only the path, perhaps after `File:` or `Path:`
 *    (`// src/a.ts`, `# src/a.py`, `-- q.sql`, `/* a.css *\/`, `<!-- a.html -->`); that line is then the block's
 *    `label`, not part of the file.
 * A path without a folder (`a.ts`) counts in 2 to 4 only when its extension is the block's language (`ts` or
 * `typescript` for `a.ts`): a language tag such as `vb.net` or a comment such as `// console.log` names no file.
 */
export function readChangeBlock(info: string, code: string): ChangeBlock | undefined {
  const tag = info.trim();
  if (tag.length > MAX_INFO_CHARS) return undefined;
  const words = tag.split(/\s+/);
  const first = words[0] ?? '';
  if (/^(diff|patch)$/i.test(first)) return { kind: 'diff', diff: code, files: diffFiles(code) };
  const attribute = ATTRIBUTE.exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
  if (attribute !== undefined && PATH.test(attribute)) return { kind: 'file', path: attribute, content: code };
  const colon = /^([\w+#-]+):(\S+)$/.exec(first);
  const language = colon ? (colon[1] ?? '') : LANGUAGE.test(first) && !PATH.test(first) ? first : '';
  const inInfo = colon ? colon[2] : language ? words[1] : first;
  if (inInfo && names(inInfo, language)) return { kind: 'file', path: inInfo, content: code };
  const end = code.indexOf('\n');
  if (end < 0) return undefined;
  const line = code.slice(0, end).replace(/\r$/, '');
  const content = code.slice(end + 1);
  const path = COMMENTS.map((c) => c.exec(line.trim())?.[1]).find((p) => p !== undefined);
  // A block that is only its label would empty the file: no proposal reads that way.
  if (!path || !names(path, language) || content.trim() === '') return undefined;
  return { kind: 'file', path, content, label: line };
}

/** The paths a block changes, as paths inside the workspace where they are (`./a.ts` is `a.ts`), else as written. */
export function changedFiles(block: ChangeBlock): string[] {
  return block.kind === 'diff' ? block.files : [normalPath(block.path)];
}

/**
 * The files a unified diff's headers name: each `+++` path, or for a deleted file its `---` path; for a renamed file
 * (`---` and `+++` naming different paths, or git's `rename from`/`rename to`) both, the old first; `a/` and `b/`
 * dropped, without repeats. A cheap scan of the header lines, not a parse (the host parses before it applies).
 */
export function diffFiles(diff: string): string[] {
  const files = new Set<string>();
  let old: string | undefined;
  for (const raw of diff.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const renamed = /^rename (?:from|to) (.+)$/.exec(line)?.[1];
    if (renamed !== undefined) files.add(normalPath(renamed));
    else if (line.startsWith('--- ')) old = headerPath(line, 'a/');
    else if (line.startsWith('+++ ')) {
      // The old path first: a changed file's is its own (named once), a deleted one's the only one, a renamed one's
      // the other; a new file has none.
      for (const path of [old, headerPath(line, 'b/')]) if (path !== undefined) files.add(normalPath(path));
      old = undefined;
    }
  }
  return [...files];
}

/**
 * Every fenced block of Markdown text, in one pass over the lines (a reply can be megabytes: nothing backtracks).
 * As CommonMark has it, and as the webview's renderer reads it: a fence is three or more ``` or ~~~ (a backtick
 * fence's info string holds no backtick), closed by a fence of the same character at least as long with nothing
 * after it, or by the end of the text; the opening fence's indentation is taken off the block's lines. Unlike
 * CommonMark, a fence may be indented more than three spaces (a block inside a list item). Line ends are read as
 * `\n`, as the renderer normalises them.
 */
export function fencedBlocks(text: string): Fenced[] {
  const blocks: Fenced[] = [];
  let open: { char: string; length: number; indent: RegExp; info: string; lines: string[] } | undefined;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const fence = /^( *)(`{3,}|~{3,})(.*)$/.exec(line);
    if (open === undefined) {
      const marker = fence?.[2];
      if (marker && !(marker.startsWith('`') && fence[3]?.includes('`'))) {
        const indent = new RegExp(`^ {0,${fence[1]?.length ?? 0}}`);
        open = { char: marker.charAt(0), length: marker.length, indent, info: fence[3]?.trim() ?? '', lines: [] };
      }
    } else if (fence?.[2]?.charAt(0) === open.char && fence[2].length >= open.length && fence[3]?.trim() === '') {
      blocks.push(closed(open));
      open = undefined;
    } else open.lines.push(line.replace(open.indent, ''));
  }
  if (open) blocks.push(closed(open));
  return blocks;
}

/** The change blocks of a reply's text, in order. */
export function changeBlocksIn(text: string): ChangeBlock[] {
  // Most replies hold no fence at all: they are not split into lines.
  if (!text.includes('```') && !text.includes('~~~')) return [];
  return fencedBlocks(text).flatMap((b) => readChangeBlock(b.info, b.code) ?? []);
}

function closed(open: { info: string; lines: string[] }): Fenced {
  return { info: open.info, code: open.lines.map((l) => `${l}\n`).join('') };
}

/** Whether `path` names a file: with a folder always; a bare name only in the block's own language. */
function names(path: string, language: string): boolean {
  if (!PATH.test(path)) return false;
  if (/[/\\]/.test(path)) return true;
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return (
    language !== '' && (extension === language.toLowerCase() || fenceLanguage(extension) === fenceLanguage(language))
  );
}

function headerPath(line: string, prefix: string): string | undefined {
  const path = line.slice(4).replace(/\t.*$/, '').trim();
  if (path === '' || path === '/dev/null') return undefined;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function normalPath(path: string): string {
  const where = workspacePath(path);
  return where.ok ? where.path : path;
}
