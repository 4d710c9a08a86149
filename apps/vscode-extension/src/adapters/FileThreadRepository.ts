import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Logger,
  parseTranscript,
  type QuarantinedThread,
  type ThreadRepository,
  type Transcript,
} from '@roundtable/core';

/** Thread ids become file names, so only this alphabet is accepted (ours are UUIDs). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const THREAD_FILE = /^([A-Za-z0-9_-]{1,128})\.json$/;
const TEMP_SUFFIX = '.tmp';

/**
 * One JSON file per thread in `dir` (the extension's global storage `threads/`).
 *
 * Writes are atomic: the JSON goes to a temp file in the same folder, is flushed to disk, then renamed over the
 * old file, so a crash leaves either the old or the new thread, never a torn one. A file that fails
 * `parseTranscript` is renamed `<name>.corrupt-<timestamp>.json` (kept for the user, never deleted, never
 * loaded again) and reported; loading goes on with the others.
 */
export class FileThreadRepository implements ThreadRepository {
  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async loadAll(): Promise<{ threads: Transcript[]; quarantined: QuarantinedThread[] }> {
    await mkdir(this.dir, { recursive: true });
    const threads: Transcript[] = [];
    const quarantined: QuarantinedThread[] = [];
    for (const name of (await readdir(this.dir)).sort()) {
      if (name.endsWith(TEMP_SUFFIX)) {
        // Left by a write interrupted before its rename; the thread file itself is intact.
        await rm(join(this.dir, name), { force: true });
        continue;
      }
      const match = THREAD_FILE.exec(name);
      if (!match) continue; // *.corrupt-*.json and anything else that is not ours
      const reason = await this.readThread(name, match[1] ?? '', threads);
      if (reason) quarantined.push(await this.quarantine(name, reason));
    }
    return { threads, quarantined };
  }

  async save(transcript: Transcript): Promise<void> {
    if (!SAFE_ID.test(transcript.id)) throw new Error(`refusing to save a thread with an unsafe id "${transcript.id}"`);
    // Never write what could not be read back: a bug upstream must not turn into a corrupt file.
    const check = parseTranscript(transcript);
    if (!check.ok) throw new Error(check.error);
    await mkdir(this.dir, { recursive: true });
    const target = join(this.dir, `${transcript.id}.json`);
    const temp = join(this.dir, `.${transcript.id}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(transcript, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Returns why the file is unusable, or undefined after adding the thread. */
  private async readThread(name: string, idFromName: string, into: Transcript[]): Promise<string | undefined> {
    let text: string;
    try {
      text = await readFile(join(this.dir, name), 'utf8');
    } catch (error) {
      // Unreadable now (permissions, a sync tool holding it) is not corrupt: leave it where it is.
      this.logger.warn(`Could not read ${name}: ${(error as Error).message}`);
      return undefined;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return `not valid JSON (${(error as Error).message})`;
    }
    const parsed = parseTranscript(json);
    if (!parsed.ok) return parsed.error;
    if (parsed.value.id !== idFromName) return `the file name does not match the thread id "${parsed.value.id}"`;
    into.push(parsed.value);
    return undefined;
  }

  private async quarantine(name: string, reason: string): Promise<QuarantinedThread> {
    const stamp = this.now().toISOString().replace(/[:.]/g, '-');
    const movedTo = `${name.replace(/\.json$/, '')}.corrupt-${stamp}.json`;
    try {
      await rename(join(this.dir, name), join(this.dir, movedTo));
    } catch (error) {
      // Still skipped, just not moved: it is reported again next time, which is better than failing activation.
      this.logger.error(
        `Thread file ${name} is unreadable (${reason}) and could not be renamed: ${(error as Error).message}`,
      );
      return { file: name, movedTo: name, reason };
    }
    this.logger.warn(`Thread file ${name} is unreadable and was renamed ${movedTo}: ${reason}`);
    return { file: name, movedTo, reason };
  }
}
