import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface ThreadFile {
  readonly file: string;
  /** The thread as stored, its journal's lines applied (see `json`), as JSON text. */
  readonly text: string;
  readonly json: unknown;
}

interface Stored {
  messages?: { id?: unknown }[];
  [key: string]: unknown;
}

/**
 * The threads the extension wrote, each read whole: its base file (`<id>.json`; temp files of an interrupted write
 * are not threads) with the lines of its journal (`<id>.journal`, what each save since the base changed) applied in
 * order: a line's messages replace those of the same id or join the thread, and its other fields replace the
 * thread's. A last line cut short is ignored. (The extension's own reader merges by its rules and validates; for
 * what these tests look at, messages and their statuses, this gives the same.)
 */
export function readThreadFiles(threadsDir: string): ThreadFile[] {
  let names: string[];
  try {
    names = readdirSync(threadsDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const file = path.join(threadsDir, name);
      const json = withJournal(JSON.parse(readFileSync(file, 'utf8')) as Stored, file.replace(/\.json$/, '.journal'));
      return { file, text: JSON.stringify(json), json };
    });
}

function withJournal(base: Stored, journalFile: string): Stored {
  let text: string;
  try {
    text = readFileSync(journalFile, 'utf8');
  } catch {
    return base;
  }
  let thread = base;
  for (const line of text.split('\n').slice(0, -1)) {
    if (line.trim() === '') continue;
    const entry = (JSON.parse(line) as { thread: Stored }).thread;
    const messages = [...(thread.messages ?? [])];
    for (const m of entry.messages ?? []) {
      const at = messages.findIndex((mine) => mine.id === m.id);
      if (at >= 0) messages[at] = m;
      else messages.push(m);
    }
    thread = {
      ...thread,
      ...entry,
      messages,
      plans: [...((thread.plans as []) ?? []), ...((entry.plans as []) ?? [])],
    };
  }
  return thread;
}

/** Every `status` string anywhere in a parsed JSON value, so a test need not know the thread schema's nesting. */
export function collectStatuses(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(collectStatuses);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'status' && typeof child === 'string' ? [child] : collectStatuses(child),
  );
}
