import type * as nodeFs from 'node:fs/promises';
import type { Revision } from '@roundtable/core/store/ports';
import { parseTranscript } from '@roundtable/core/transcript/parseTranscript';
import type { Transcript } from '@roundtable/core/transcript/schema';
import { describeError, errorCode, revisionOf, type StorageFs } from './threadFiles';

// Reading a thread's base file is the part of the thread files that parses a transcript: it loads with the code that
// reads threads, never with a window's first state, which only lists them.

/** What a thread file turned out to be. */
export type ThreadFileRead =
  | { kind: 'ok'; transcript: Transcript; revision: Revision }
  | { kind: 'missing' }
  /** Valid JSON of a newer Roundtable: leave it alone. */
  | { kind: 'newer'; reason: string; revision: Revision }
  /** Not a thread: set it aside. */
  | { kind: 'invalid'; reason: string; revision: Revision }
  /** Cannot be read now (a folder, no permission): leave it where it is. */
  | { kind: 'unreadable'; reason: string };

/**
 * Reads and validates one thread file. The revision comes from the same open handle as the text, so the two
 * always describe the same version of the file even while another process replaces it.
 */
export async function readThreadFile(fs: StorageFs, path: string, expectedId: string): Promise<ThreadFileRead> {
  let handle: nodeFs.FileHandle;
  try {
    handle = await fs.open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: `It cannot be opened (${describeError(error)}).` };
  }
  let text: string;
  let revision: Revision;
  try {
    const stats = await handle.stat({ bigint: true });
    if (stats.isDirectory()) return { kind: 'unreadable', reason: 'It is a folder, not a file.' };
    revision = revisionOf(stats);
    text = await handle.readFile('utf8');
  } catch (error) {
    return { kind: 'unreadable', reason: `It cannot be read (${describeError(error)}).` };
  } finally {
    await handle.close();
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', reason: `Not valid JSON (${describeError(error)}).`, revision };
  }
  const parsed = parseTranscript(json);
  if (!parsed.ok) return { kind: parsed.newer ? 'newer' : 'invalid', reason: parsed.error, revision };
  if (parsed.value.id !== expectedId) {
    return { kind: 'invalid', reason: `The file name does not match the thread id "${parsed.value.id}".`, revision };
  }
  return { kind: 'ok', transcript: parsed.value, revision };
}
