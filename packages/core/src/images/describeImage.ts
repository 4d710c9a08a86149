import type { ImageRef } from '../transcript/schema';

// How an image is said in words, apart from the checks of its bytes (`imageCheck`), so what only words a prompt (a
// review's, in the council's bundle) does not bring the thread schema with it.

/** "340 KB", "4.8 MB", "68 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How an image is named where it cannot be shown: `shot.png (PNG, 68 bytes)`. */
export function describeImage(image: ImageRef): string {
  const type = image.mime.slice('image/'.length).toUpperCase();
  return `${image.name ?? 'an image'} (${type}, ${formatBytes(image.bytes)})`;
}
