// A child process that increments a counter file `rounds` times, each time under the lock: read, wait a little,
// write. Without mutual exclusion between processes, increments are lost.
import { readFile, writeFile } from 'node:fs/promises';
import { withFileLock } from '../src/fs/fileLock';

const [lock = '', counter = '', rounds = '0'] = process.argv.slice(2);

async function main(): Promise<void> {
  for (let i = 0; i < Number(rounds); i++) {
    await withFileLock(lock, async () => {
      const value = Number(await readFile(counter, 'utf8').catch(() => '0'));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
      await writeFile(counter, String(value + 1));
    });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
