import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_IMAGE_BYTES } from '../limits/images';
import { checkImage } from './imageCheck';
import { base64Size, base64Start, checkImageData } from './imageUpload';

// The view refuses an upload on this check before the host stores it, and the host checks the decoded bytes again
// before it writes: the two must say the same of every upload the protocol admits, or an image would be taken by
// one and refused by the other.

const SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
  [0x47, 0x49, 0x46, 0x38, 0x38, 0x61],
  [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50],
  [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42],
  [0x58, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50],
  [],
];

/** Bytes that start like an image (or nearly), then anything. */
const imageLike = fc
  .tuple(fc.constantFrom(...SIGNATURES), fc.uint8Array({ maxLength: 40 }), fc.nat({ max: 14 }))
  .map(([signature, rest, cut]) =>
    Buffer.from([...signature, ...rest]).subarray(0, signature.length + rest.length - cut),
  );

/** Base64 as the protocol admits it: its alphabet, then at most two `=` (not always where a codec would put them). */
const admitted = fc.stringMatching(/^[A-Za-z0-9+/]{1,40}={0,2}$/);

describe('an upload is checked from its base64 as the host checks its bytes', () => {
  test('the same verdict and reason for images and near-images, encoded as the page encodes them', () => {
    fc.assert(
      fc.property(imageLike, (bytes) => {
        const data = bytes.toString('base64');
        expect(checkImageData(data, 'x.png')).toEqual(checkImage(bytes, 'x.png'));
        expect(base64Size(data)).toBe(bytes.length);
      }),
    );
  });

  test('the same verdict for any text the protocol admits, however Node decodes it', () => {
    fc.assert(
      fc.property(admitted, (data) => {
        const bytes = Buffer.from(data, 'base64');
        expect(checkImageData(data)).toEqual(checkImage(bytes));
        expect(base64Size(data)).toBe(bytes.length);
        expect([...base64Start(data, 12)]).toEqual([...bytes.subarray(0, 12)]);
      }),
    );
  });

  test('the size limit is read from the length alone, to the byte', () => {
    const at = (size: number) => {
      const bytes = Buffer.alloc(size);
      bytes.set([0xff, 0xd8, 0xff]);
      return checkImageData(bytes.toString('base64'), 'big.jpg');
    };
    expect(at(MAX_IMAGE_BYTES)).toEqual({ ok: true, mime: 'image/jpeg' });
    expect(at(MAX_IMAGE_BYTES + 1)).toEqual({
      ok: false,
      reason: 'big.jpg is 5.0 MB; an image may be at most 5.0 MB.',
    });
    expect(checkImageData('A')).toEqual({ ok: false, reason: 'The image is empty.' });
  });
});
