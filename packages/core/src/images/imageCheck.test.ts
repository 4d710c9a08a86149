import { describe, expect, test } from 'vitest';
import { checkImage, describeImage, formatBytes, imageExtension, MAX_IMAGE_BYTES, sniffImage } from './imageCheck';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('images are recognised by their magic bytes alone', () => {
  test.each([
    ['image/png', bytes(PNG)],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0])],
    ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
  ])('%s', (mime, data) => {
    expect(sniffImage(data)).toBe(mime);
    expect(checkImage(data)).toEqual({ ok: true, mime });
  });

  test.each([
    ['an SVG (script can live in it)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PNG signature cut short', bytes(PNG.slice(0, 7))],
    ['text named .png', bytes('hello, world')],
    ['a RIFF that is a WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['WEBP without RIFF', bytes('XXXX', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['GIF8 of no version', bytes('GIF8xa')],
    ['a BMP', bytes('BM', [0, 0, 0, 0])],
  ])('%s is refused', (_what, data) => {
    expect(sniffImage(data)).toBeUndefined();
    expect(checkImage(data, 'notes.png')).toEqual({
      ok: false,
      reason: 'notes.png is not a PNG, JPEG, GIF or WebP image.',
    });
  });

  test('an empty file and one over 5 MB are refused with the sizes; exactly 5 MB is taken', () => {
    expect(checkImage(new Uint8Array(0), 'x.png')).toEqual({ ok: false, reason: 'x.png is empty.' });
    const over = new Uint8Array(MAX_IMAGE_BYTES + 1);
    over.set(PNG);
    expect(checkImage(over, 'big.png')).toEqual({
      ok: false,
      reason: 'big.png is 5.0 MB; an image may be at most 5.0 MB.',
    });
    expect(checkImage(over.subarray(0, MAX_IMAGE_BYTES))).toEqual({ ok: true, mime: 'image/png' });
  });

  test('names, sizes and extensions read as a person says them', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(48_213)).toBe('47 KB');
    expect(formatBytes(2_400_000)).toBe('2.3 MB');
    expect(imageExtension('image/jpeg')).toBe('jpg');
    expect(imageExtension('image/webp')).toBe('webp');
    expect(describeImage({ sha256: 'a'.repeat(64), mime: 'image/gif', bytes: 68 })).toBe('an image (GIF, 68 bytes)');
  });
});
