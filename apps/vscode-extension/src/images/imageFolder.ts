import { join } from 'node:path';
import { imageExtension } from '@roundtable/core/images/imageExtension';
import type { ImageRef } from '@roundtable/core/transcript/schema';

/** The folder beside the threads' that holds every message's images, each once, under its SHA-256. */
export const IMAGE_FOLDER = 'assets';

/** That folder, under Roundtable's storage folder. */
export function imageFolder(storageRoot: string): string {
  return join(storageRoot, IMAGE_FOLDER);
}

/** An image's file name in that folder: its SHA-256 and the extension of its type (`<sha256>.png`). */
export function imageFileName(image: Pick<ImageRef, 'sha256' | 'mime'>): string {
  return `${image.sha256}.${imageExtension(image.mime)}`;
}
