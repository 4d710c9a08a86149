import { checkImageStart, IMAGE_START_BYTES, type ImageCheck } from './imageCheck';

// An image as the page sends it (base64, the protocol's `ImageUpload`), checked before the host decodes or stores
// any of it: its size from the text's length, its type from what its first characters decode to (only those are
// decoded: the type check reads nothing further).

/**
 * How many bytes base64 text decodes to: three for every four characters after its `=` padding; a last group of one
 * character holds no whole byte. (The protocol admits only the base64 alphabet, padded at the end at most twice.)
 */
export function base64Size(data: string): number {
  return Math.floor((data.replace(/=+$/, '').length * 3) / 4);
}

/** The first `count` bytes base64 text decodes to (fewer when it holds fewer). */
export function base64Start(data: string, count: number): Uint8Array {
  // Whole groups of four characters, less a last lone one (`atob` refuses it; it holds no whole byte).
  const text = data.slice(0, Math.ceil(count / 3) * 4).replace(/=+$/, '');
  const bytes = atob(text.length % 4 === 1 ? text.slice(0, -1) : text);
  return Uint8Array.from(bytes, (c) => c.charCodeAt(0)).subarray(0, count);
}

/** `checkImage` of the bytes `data` (base64) decodes to, without decoding them. `name` only words the reason. */
export function checkImageData(data: string, name?: string): ImageCheck {
  return checkImageStart(base64Start(data, IMAGE_START_BYTES), base64Size(data), name);
}
