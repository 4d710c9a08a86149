import { readFile, writeFile } from 'node:fs/promises';
import type { PasswordStore } from '../src/managed/lease/SharedProxy';

/** For tests whose windows are separate processes: the password in a file, where the editor keeps it in secrets. */
export function filePasswordStore(path: string): PasswordStore {
  return {
    get: () => readFile(path, 'utf8').catch(() => undefined),
    set: (value) => writeFile(path, value, { mode: 0o600 }),
  };
}
