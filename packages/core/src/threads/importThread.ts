import { parseTranscript } from '../transcript/parseTranscript';
import type { Transcript } from '../transcript/schema';

/** The largest file Import reads: far above any real thread, low enough that a wrong file is refused, not read. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export type ImportResult = { ok: true; transcript: Transcript } | { ok: false; reason: string };

/**
 * Reads an exported thread (Export to JSON writes the stored format): the whole file must be one valid thread, or
 * it is refused with a reason a person can act on. Nothing is changed here; the caller stores what it gets.
 */
export function readThreadExport(text: string): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `It is not JSON (${detail}). Import reads files made by Export to JSON.` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json) || !('messages' in json)) {
    return { ok: false, reason: 'It is JSON but not a Roundtable thread (Export to JSON makes those).' };
  }
  const parsed = parseTranscript(json);
  if (!parsed.ok) return { ok: false, reason: parsed.error };
  return { ok: true, transcript: parsed.value };
}

/** The JSON Export writes: the stored format, indented so it can be read and diffed. */
export function threadExportJson(transcript: Transcript): string {
  return `${JSON.stringify(transcript, null, 2)}\n`;
}
