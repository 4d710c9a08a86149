import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  imageLoader,
  imagesNamedIn,
  removeUnnamedImages,
  storeImage,
  sweepImages,
  UNNAMED_IMAGE_AGE_MS,
} from './imageAssets';
import { imageFileName, imageFolder } from './imageFolder';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 7]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt-images-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the images beside the threads', () => {
  test('an image is stored once under its SHA-256, whatever it was called, and read back as a data URL', async () => {
    const folder = imageFolder(root);
    const first = await storeImage(folder, PNG, 'shot.png');
    const again = await storeImage(folder, PNG, 'copy.png');
    expect(first).toEqual({
      ok: true,
      image: { sha256: sha(PNG), mime: 'image/png', bytes: PNG.length, name: 'shot.png' },
    });
    expect(again).toMatchObject({ ok: true, image: { sha256: sha(PNG), name: 'copy.png' } });
    expect(await readdir(folder)).toEqual([`${sha(PNG)}.png`]);
    if (!first.ok) throw new Error(first.reason);
    expect(await imageLoader(folder)(first.image)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });

  test('what is not an image is not stored; one changed or gone on disk is not sent', async () => {
    const folder = imageFolder(root);
    expect(await storeImage(folder, Buffer.from('<svg/>'), 'x.png')).toEqual({
      ok: false,
      reason: 'x.png is not a PNG, JPEG, GIF or WebP image.',
    });
    expect(await readdir(folder).catch(() => [])).toEqual([]);
    const stored = await storeImage(folder, JPEG);
    if (!stored.ok) throw new Error(stored.reason);
    await writeFile(join(folder, imageFileName(stored.image)), Buffer.concat([JPEG, Buffer.from([1])]));
    expect(await imageLoader(folder)(stored.image)).toBeUndefined();
    await rm(join(folder, imageFileName(stored.image)));
    expect(await imageLoader(folder)(stored.image)).toBeUndefined();
  });

  test('deleting a thread removes the images only it named, once old enough; others stay', async () => {
    const folder = imageFolder(root);
    const threads = join(root, 'threads');
    await mkdir(threads);
    const kept = await storeImage(folder, PNG);
    const orphan = await storeImage(folder, JPEG);
    if (!kept.ok || !orphan.ok) throw new Error('not stored');
    // Another thread (its journal, here) still names the PNG; no thread names the JPEG.
    await writeFile(
      join(threads, 't2.jsonl'),
      `${JSON.stringify({ thread: { messages: [{ images: [kept.image] }] } })}\n`,
    );
    const now = Date.now();
    expect(await sweepImages(root, threads, new Set(), now)).toBe(0); // too young: it may be waiting in a composer
    const old = new Date(now - UNNAMED_IMAGE_AGE_MS - 1000);
    for (const name of await readdir(folder)) await utimes(join(folder, name), old, old);
    expect(await sweepImages(root, threads, new Set(), now)).toBe(1);
    expect(await readdir(folder)).toEqual([imageFileName(kept.image)]);
  });

  test('the images the deleted thread named go at once, unless another thread names them too', async () => {
    const folder = imageFolder(root);
    const threads = join(root, 'threads');
    await mkdir(threads);
    const shared = await storeImage(folder, PNG);
    const own = await storeImage(folder, JPEG);
    if (!shared.ok || !own.ok) throw new Error('not stored');
    await writeFile(join(threads, 't2.json'), JSON.stringify({ messages: [{ images: [shared.image] }] }));
    const deleted = new Set([shared.image.sha256, own.image.sha256]);
    expect(await sweepImages(root, threads, deleted)).toBe(1);
    expect(await readdir(folder)).toEqual([imageFileName(shared.image)]);
  });

  test('a threads folder that cannot be read removes nothing', async () => {
    const folder = imageFolder(root);
    await storeImage(folder, JPEG);
    const all = new Set((await readdir(folder)).map((name) => name.slice(0, 64)));
    expect(await sweepImages(root, join(root, 'no-such-folder'), all, Date.now() + 10 * UNNAMED_IMAGE_AGE_MS)).toBe(0);
    expect(await readdir(folder)).toHaveLength(1);
    expect(await removeUnnamedImages(join(root, 'none'), new Set(), Date.now(), 0)).toBe(0);
  });

  test('the names a thread file holds are found wherever they sit', async () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    expect(imagesNamedIn(`{"images":[{"sha256":"${a}"},{"sha256" : "${b}"}],"sha256":"short"}`)).toEqual([a, b]);
    expect(await readFile(__filename, 'utf8')).toContain('imagesNamedIn');
  });
});
