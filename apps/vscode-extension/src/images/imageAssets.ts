import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkImage } from '@roundtable/core/images/imageCheck';
import type { ImageLoader } from '@roundtable/core/llm/types';
import type { ImageRef } from '@roundtable/core/transcript/schema';
import { imageFileName, imageFolder } from './imageFolder';

export type StoredImage = { ok: true; image: ImageRef } | { ok: false; reason: string };

/**
 * Checks an image (its type by magic bytes, its size) and stores it in `folder` unless an image with its SHA-256 is
 * there already: content-addressed, so the same screenshot pasted twice, or in two threads, is stored once.
 *
 * Invariants: nothing is written before the checks pass, so a refused image leaves no file (the view has counted it
 * before asking: see `HostActions.storeImage`). A file in the folder is whole: it is written under a temporary name
 * and renamed into place, so a crash or another window writing the same image leaves the old whole file or the new
 * one; a write that fails removes its temporary file (one a crash left is swept: `removeUnnamedImages`).
 */
export async function storeImage(folder: string, bytes: Uint8Array, name?: string): Promise<StoredImage> {
  const checked = checkImage(bytes, name);
  if (!checked.ok) return checked;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const image: ImageRef = { sha256, mime: checked.mime, bytes: bytes.length, ...(name ? { name } : {}) };
  const path = join(folder, imageFileName(image));
  if (await isFile(path)) return { ok: true, image };
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `.${sha256}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, bytes, { mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    // The write's error is the one to tell; a temporary file that cannot be removed now is swept later.
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
  return { ok: true, image };
}

/** `storeImage` of the base64 the page sends. */
export function storeImageData(folder: string, data: string, name?: string): Promise<StoredImage> {
  return storeImage(folder, Buffer.from(data, 'base64'), name);
}

/**
 * Reads stored images as `data:` URLs for a request. An image whose file is gone, or whose bytes no longer hash to
 * its name (changed on disk), is not sent: the loader says undefined and the prompt says it could not be read.
 */
export function imageLoader(folder: string): ImageLoader {
  return async (image) => {
    const bytes = await readImage(folder, image);
    return bytes ? `data:${image.mime};base64,${bytes.toString('base64')}` : undefined;
  };
}

/** A stored image's bytes, when its file is there and still hashes to its name. */
export async function readImage(folder: string, image: ImageRef): Promise<Buffer | undefined> {
  const bytes = await readFile(join(folder, imageFileName(image))).catch(() => undefined);
  if (!bytes || createHash('sha256').update(bytes).digest('hex') !== image.sha256) return undefined;
  return bytes;
}

/**
 * Removes the images no thread names any more: at once those in `sent` (named by the thread just deleted), the others
 * once they are older than `minAgeMs` (an image pasted into a composer in some window is stored before its message
 * is: a young image no thread names may be waiting to be sent). `named` holds every SHA-256 a thread file names.
 * A temporary file a crashed write left goes too, once as old. Returns how many were removed. Never throws: an image left behind costs disk, not data.
 */
export async function removeUnnamedImages(
  folder: string,
  named: ReadonlySet<string>,
  now: number,
  minAgeMs: number,
  sent: ReadonlySet<string> = new Set(),
): Promise<number> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const entry of entries) {
    // A stored image (`<sha256>.<ext>`), or a temporary file a crashed write left (`.<sha256>.<random>.tmp`): old
    // enough, no write is still using it.
    const temporary = /^\.[0-9a-f]{64}\.[0-9a-f]+\.tmp$/.test(entry);
    const sha = temporary ? undefined : /^([0-9a-f]{64})\.\w+$/.exec(entry)?.[1];
    if (!temporary && (!sha || named.has(sha))) continue;
    const path = join(folder, entry);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || (!(sha && sent.has(sha)) && now - info.mtimeMs < minAgeMs)) continue;
    await rm(path, { force: true }).then(
      () => removed++,
      () => {},
    );
  }
  return removed;
}

/** Every image SHA-256 named in a thread file's text (a thread's base file or its journal). */
export function imagesNamedIn(text: string): string[] {
  return [...text.matchAll(/"sha256"\s*:\s*"([0-9a-f]{64})"/g)].map((m) => m[1] as string);
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

/** How old an image no thread names must be before it is removed (see `removeUnnamedImages`). */
export const UNNAMED_IMAGE_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * After a thread is deleted: removes the images that no thread file in `threadsFolder` names any more, those the
 * deleted thread named (`sent`) at once (see `removeUnnamedImages`). Anything it cannot read (the folder, one file)
 * stops it before it removes anything: an image is removed only when every thread was read and none names it.
 */
export async function sweepImages(
  storageRoot: string,
  threadsFolder: string,
  sent: ReadonlySet<string> = new Set(),
  now = Date.now(),
): Promise<number> {
  const named = new Set<string>();
  try {
    for (const entry of await readdir(threadsFolder, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      for (const sha of imagesNamedIn(await readFile(join(threadsFolder, entry.name), 'utf8'))) named.add(sha);
    }
  } catch {
    return 0;
  }
  return removeUnnamedImages(imageFolder(storageRoot), named, now, UNNAMED_IMAGE_AGE_MS, sent);
}
