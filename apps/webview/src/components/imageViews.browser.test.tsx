import { signal } from '@preact/signals';
import { expect, it } from 'vitest';
import type { ChatModel } from '../models/ChatModel';
import { describeInChromium } from '../testing/inChromium';
import { attachFiles } from './imageViews';

// Images taken into the composer, with a real decoder and canvas: one over 5 MB is drawn again smaller, as a JPEG,
// before it goes to the host; what cannot be taken is refused in the page with why.

/** What `attachFiles` asks of the chat: what waits, and where images and refusals go. */
function fakeChat(waiting = 0) {
  const attached: { data: string; name: string | undefined }[] = [];
  const refused: string[] = [];
  const chat = {
    replica: { images: signal(Array.from({ length: waiting }, (_, i) => ({ id: `i${i}` }))) },
    attachImage: (data: string, name?: string) => attached.push({ data, name }),
    refuseImage: (reason: string) => refused.push(reason),
  } as unknown as ChatModel;
  return { chat, attached, refused };
}

/**
 * A PNG of random pixels, `side` pixels square: 64 KB of noise repeated, farther apart than deflate's 32 KB window
 * reaches, so it does not compress.
 */
async function noisePng(side: number): Promise<File> {
  const canvas = new OffscreenCanvas(side, side);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const pixels = context.createImageData(side, side);
  crypto.getRandomValues(pixels.data.subarray(0, 65_536));
  for (let i = 65_536; i < pixels.data.length; i += 65_536) pixels.data.copyWithin(i, 0, 65_536);
  for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
  context.putImageData(pixels, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new File([blob], 'screen.png', { type: 'image/png' });
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

describeInChromium('attachFiles in Chromium', () => {
  it('an image over 5 MB is drawn again at most 2,048 pixels a side, as a JPEG under 5 MB', async () => {
    const big = await noisePng(2400);
    expect(big.size).toBeGreaterThan(5 * 1024 * 1024);
    const { chat, attached, refused } = fakeChat();
    await attachFiles([big], chat);
    expect(refused).toEqual([]);
    expect(attached).toHaveLength(1);
    const bytes = bytesOf(attached[0]?.data ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    expect(Math.max(bitmap.width, bitmap.height)).toBe(2048);
    expect(attached[0]?.name).toBe('screen.png');
  });

  it('a small image goes as it is; a file that is not an image, and one past four, are refused with why', async () => {
    const small = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], 'a.png', { type: 'image/png' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const { chat, attached, refused } = fakeChat(2);
    await attachFiles([small, text, small], chat);
    expect(attached.map((a) => bytesOf(a.data).length)).toEqual([6]);
    expect(refused).toEqual(['A message takes at most 4 images; 1 left out.', 'notes.txt is not an image.']);
  });
});
