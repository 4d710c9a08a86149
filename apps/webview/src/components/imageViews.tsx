import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '@roundtable/core/limits';
import { imageExtension } from '@roundtable/core/present';
import type { ViewMessage } from '@roundtable/core/protocol';
import type { ChatModel } from '../models/ChatModel';
import { Icon } from './icons';
import './imageViews.css';

type ImageRef = NonNullable<ViewMessage['images']>[number];

/** A larger image is drawn again at most this wide or high, as a JPEG, before it is refused for its size. */
const SCALED_SIDE = 2048;

/**
 * Where the page loads a stored image from: the host's images folder, inside the page's own resource origin (the
 * CSP admits no other), named by the image's SHA-256 and the extension the host stores it under.
 */
export function imageSrc(image: Pick<ImageRef, 'sha256' | 'mime'>): string {
  const base = document.getElementById('root')?.dataset.images ?? '';
  return `${base}/${image.sha256}.${imageExtension(image.mime)}`;
}

/**
 * Reads pasted, dropped or picked files and hands each image to the host, in order, as many as still fit. One over
 * 5 MB is drawn again smaller (a screenshot of a large screen usually is), and refused with the reason if still too
 * large; a file that is not an image is refused with its name.
 */
export async function attachFiles(files: readonly File[], chat: ChatModel): Promise<void> {
  const room = MAX_IMAGES_PER_MESSAGE - chat.replica.images.peek().length;
  if (files.length > room) {
    chat.refuseImage(
      `A message takes at most ${MAX_IMAGES_PER_MESSAGE} images; ${files.length - Math.max(0, room)} left out.`,
    );
  }
  for (const file of files.slice(0, Math.max(0, room))) {
    if (!file.type.startsWith('image/')) {
      chat.refuseImage(`${file.name || 'That file'} is not an image.`);
      continue;
    }
    const fitted = file.size > MAX_IMAGE_BYTES ? await scaledDown(file) : file;
    if (!fitted || fitted.size > MAX_IMAGE_BYTES) {
      chat.refuseImage(`${file.name || 'The image'} is over 5 MB, even scaled down; crop it or save it smaller.`);
      continue;
    }
    chat.attachImage(await base64Of(fitted), file.name || undefined);
  }
}

/** The image drawn at most `SCALED_SIDE` on its longer side, as a JPEG; undefined when it cannot be decoded. */
async function scaledDown(file: File): Promise<Blob | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SCALED_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
  } catch {
    return undefined;
  }
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The images waiting in the composer, as thumbnails, each with its close button to take it out. */
export function ImageChips({ chat }: { chat: ChatModel }) {
  return (
    <ul class="image-chips" aria-label="Images for the next message">
      {chat.replica.images.value.map(({ id, image }) => {
        const label = image.name ?? 'Pasted image';
        return (
          <li class="image-chip" data-testid="image-chip" key={id}>
            <img src={imageSrc(image)} alt={label} />
            <button
              type="button"
              class="link-button icon-button image-chip-remove"
              aria-label={`Remove ${label}`}
              onClick={() => chat.removeContext(id)}
            >
              <Icon name="close" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A sent message's images, as thumbnails. */
export function MessageImages({ images }: { images: readonly ImageRef[] }) {
  return (
    <div class="message-images" data-testid="message-images">
      {images.map((image) => (
        <img key={image.sha256} src={imageSrc(image)} alt={image.name ?? 'Image'} loading="lazy" />
      ))}
    </div>
  );
}
