import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import type { ImageMime } from '../transcript/schema';
import { describeImage, formatBytes } from './describeImage';

export { imageExtension } from './imageExtension';
export { describeImage, formatBytes, MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE };

/** Each image type by the bytes every file of that type starts with (WebP: `RIFF`, a size, then `WEBP`). */
const SIGNATURES: readonly { mime: ImageMime; at: number; bytes: readonly number[] }[] = [
  { mime: 'image/png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', at: 0, bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'image/webp', at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
];

/** How many of an image's first bytes `sniffImage` reads at most (WebP's `WEBP` ends at the 12th). */
export const IMAGE_START_BYTES = 12;

/** The image type the bytes are, by their magic bytes alone (never by a name or a declared type); undefined if none. */
export function sniffImage(bytes: Uint8Array): ImageMime | undefined {
  for (const { mime, at, bytes: magic } of SIGNATURES) {
    if (bytes.length < at + magic.length) continue;
    if (magic.every((b, i) => bytes[at + i] === b)) {
      if (mime === 'image/webp' && !startsWith(bytes, [0x52, 0x49, 0x46, 0x46])) continue;
      if (mime === 'image/gif' && !(bytes[4] === 0x37 || bytes[4] === 0x39)) continue;
      return mime;
    }
  }
  return undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

export type ImageCheck = { ok: true; mime: ImageMime } | { ok: false; reason: string };

/**
 * Whether bytes can be a message's image: a PNG, JPEG, GIF or WebP by its magic bytes, not empty and at most
 * `MAX_IMAGE_BYTES`. `name` only words the reason.
 */
export function checkImage(bytes: Uint8Array, name?: string): ImageCheck {
  return checkImageStart(bytes, bytes.length, name);
}

/**
 * `checkImage` of an image known by its size and its first bytes alone (at least `IMAGE_START_BYTES` of them, or all
 * when it is shorter): the magic bytes are all the type check reads, so both say the same of the same image.
 */
export function checkImageStart(start: Uint8Array, size: number, name = 'The image'): ImageCheck {
  if (size === 0) return { ok: false, reason: `${name} is empty.` };
  if (size > MAX_IMAGE_BYTES) {
    return {
      ok: false,
      reason: `${name} is ${formatBytes(size)}; an image may be at most ${formatBytes(MAX_IMAGE_BYTES)}.`,
    };
  }
  const mime = sniffImage(start);
  if (!mime) return { ok: false, reason: `${name} is not a PNG, JPEG, GIF or WebP image.` };
  return { ok: true, mime };
}
