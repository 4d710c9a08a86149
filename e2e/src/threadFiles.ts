import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface ThreadFile {
  readonly file: string;
  readonly text: string;
  readonly json: unknown;
}

/** The thread files the extension wrote (`*.json` only: temp files of an interrupted write are not threads). */
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
      const text = readFileSync(file, 'utf8');
      return { file, text, json: JSON.parse(text) as unknown };
    });
}

/** Every `status` string anywhere in a parsed JSON value, so a test need not know the thread schema's nesting. */
export function collectStatuses(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(collectStatuses);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'status' && typeof child === 'string' ? [child] : collectStatuses(child),
  );
}
