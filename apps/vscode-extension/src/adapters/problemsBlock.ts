import type { ContextBlock } from '@roundtable/core/transcript/schema';
import { fitWhole, plural } from './contextCap';

/** One diagnostic, as VS Code gives it (positions 0-based; severity 0 error, 1 warning, 2 information, 3 hint). */
export interface Problem {
  /** Relative to the workspace; anything else is left out (see `isWorkspacePath`). */
  path: string;
  line: number;
  character: number;
  severity: number;
  message: string;
  source?: string;
  code?: string | number;
}

const SEVERITY = ['error', 'warning', 'info', 'hint'];

/**
 * The editor's problems as one context block, one line each: `path:line:col severity: message [source code]`,
 * 1-based, errors first, then warnings, then information and hints, each by path and position. Over `max` (the
 * pending context's limit per block), whole
 * lines are kept (so the least severe go first) and a note says how many were left out. A problem in a file outside
 * the workspace is left out and counted in a note: its path would tell the model where things are on this disk.
 * Undefined when there is no problem to show.
 */
export function problemsBlock(place: string, problems: readonly Problem[], max: number): ContextBlock | undefined {
  const inside = problems.filter((problem) => isWorkspacePath(problem.path));
  const outside = problems.length - inside.length;
  if (inside.length === 0) return undefined;
  const lines = inside.toSorted(byRank).map((problem) => ({ text: `${problemLine(problem)}\n` }));
  const outsideNote = outside > 0 ? `… ${plural(outside, 'problem')} in files outside the workspace left out\n` : '';
  let content = lines.map((line) => line.text).join('');
  if (content.length + outsideNote.length > max) {
    const { kept, leftOut } = fitWhole(lines, max - 200);
    content = `${kept.map((line) => line.text).join('')}… ${plural(leftOut.length, 'more problem')} left out\n`;
  }
  return { kind: 'problems', path: place, content: content + outsideNote };
}

/** `src/a.ts:3:7 error: Cannot find name 'x'. [ts 2304]`, on one line whatever the message holds. */
export function problemLine(problem: Problem): string {
  const severity = SEVERITY[problem.severity] ?? 'info';
  // A message may span lines (TypeScript's elaborations do); one problem stays one line.
  const message = problem.message.replace(/\s*(\r\n|\r|\n)\s*/g, ' ').trim();
  const origin = [problem.source, problem.code].filter((part) => part !== undefined && part !== '').join(' ');
  const tag = origin ? ` [${origin.replace(/\s*(\r\n|\r|\n)\s*/g, ' ')}]` : '';
  return `${problem.path}:${problem.line + 1}:${problem.character + 1} ${severity}: ${message}${tag}`;
}

/**
 * A path a workspace-relative one can be: not absolute (`/`, `\`, a drive, `~`), not climbing out with `..`. VS Code
 * gives a file outside the workspace its absolute path when asked for a relative one.
 */
export function isWorkspacePath(path: string): boolean {
  if (path === '' || /^([/\\~]|[A-Za-z]:)/.test(path)) return false;
  return !path.split(/[/\\]/).includes('..');
}

function byRank(a: Problem, b: Problem): number {
  const severity = rank(a.severity) - rank(b.severity);
  if (severity !== 0) return severity;
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.line - b.line || a.character - b.character;
}

/** Information and hints rank together, after errors and warnings. */
function rank(severity: number): number {
  return Math.min(Math.max(severity, 0), 2);
}
