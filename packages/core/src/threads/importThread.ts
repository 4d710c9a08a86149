import { checkImage, describeImage } from '../images/imageCheck';
import { parseTranscript } from '../transcript/parseTranscript';
import type { ImageRef, Transcript } from '../transcript/schema';

/** The largest file Import reads: far above any real thread, low enough that a wrong file is refused, not read. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/** An image an export carries, checked, for the host to store (which checks its SHA-256 as it hashes it). */
export interface ImportedImage {
  image: ImageRef;
  bytes: Uint8Array;
}

export type ImportResult =
  | { ok: true; transcript: Transcript; images: ImportedImage[] }
  | { ok: false; reason: string };

/**
 * Reads an exported thread (Export to JSON writes the stored format, and the bytes of its images in base64 under
 * `images`, by SHA-256): the whole file must be one valid thread, and every image it carries must be the image its
 * messages name (a PNG, JPEG, GIF or WebP by its magic bytes, of the type and size named, at most 5 MB), or it is
 * refused with a reason a person can act on. An image the file does not carry is not a reason to refuse it (the
 * message keeps naming it). Nothing is changed here; the caller stores what it gets.
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
  const { images: carried, ...thread } = json as { images?: unknown };
  const parsed = parseTranscript(thread);
  if (!parsed.ok) return { ok: false, reason: parsed.error };
  const images = readImages(parsed.value, carried);
  return 'reason' in images ? { ok: false, reason: images.reason } : { ok: true, transcript: parsed.value, images };
}

function readImages(transcript: Transcript, carried: unknown): ImportedImage[] | { reason: string } {
  if (carried === undefined) return [];
  if (typeof carried !== 'object' || carried === null || Array.isArray(carried)) {
    return { reason: '"images" must map each image\'s SHA-256 to its bytes in base64.' };
  }
  const named = new Map(transcript.messages.flatMap((m) => m.images ?? []).map((i) => [i.sha256, i]));
  const images: ImportedImage[] = [];
  for (const [sha256, data] of Object.entries(carried)) {
    const image = named.get(sha256);
    if (!image) return { reason: `It carries an image no message names (${sha256.slice(0, 12)}…).` };
    const bytes = typeof data === 'string' ? decodeBase64(data) : undefined;
    if (!bytes) return { reason: `The bytes of ${describeImage(image)} are not base64.` };
    const checked = checkImage(bytes, describeImage(image));
    if (!checked.ok) return { reason: checked.reason };
    if (checked.mime !== image.mime || bytes.length !== image.bytes) {
      return { reason: `The bytes of ${describeImage(image)} are not the image its message names.` };
    }
    images.push({ image, bytes });
  }
  return images;
}

function decodeBase64(data: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return undefined;
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The JSON Export writes: the stored format, indented so it can be read and diffed, and the bytes of its images
 * (`images`, SHA-256 to base64) when it has any.
 */
export function threadExportJson(transcript: Transcript, images: Readonly<Record<string, string>> = {}): string {
  const carried = Object.keys(images).length > 0 ? { images } : {};
  return `${JSON.stringify({ ...transcript, ...carried }, null, 2)}\n`;
}
