import type { ContextBlock } from '@roundtable/core/transcript/schema';

/** How much of a file's start is looked at to tell text from binary. */
const SNIFF_BYTES = 8_192;

export type FileContext = { ok: true; block: ContextBlock } | { ok: false; reason: string };

/**
 * A workspace file as a context block, from its bytes: UTF-8 text (a byte-order mark dropped), with the editor's
 * language as the fence's. A file with a NUL byte in its first 8 KB is binary and refused with why; an image or an
 * archive read as text would only fill the prompt with noise. How much of the text a message may take is the pending
 * context's rule (it cuts a long block at a line end and says how much was left out).
 */
export function fileContextBlock(path: string, bytes: Uint8Array, languageId?: string): FileContext {
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    return { ok: false, reason: `${path} looks like a binary file; only text files can be added to the chat.` };
  }
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const language = languageId && languageId !== 'plaintext' ? { language: languageId } : {};
  return { ok: true, block: { kind: 'file', path, content: text, ...language } };
}
