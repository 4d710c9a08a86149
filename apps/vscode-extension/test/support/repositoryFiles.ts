import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const repositoryRoot = join(import.meta.dirname, '../../../..');

/**
 * The repository's files as a clone will have them (committed or about to be: tracked and new files, not ignored
 * ones), `/`-separated and relative to its root. A file deleted in the work tree and not yet committed is gone.
 */
export function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((name) => name !== '' && existsSync(join(repositoryRoot, name)));
}
