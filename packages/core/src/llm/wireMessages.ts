import { describeImage } from '../images/imageCheck';
import type { ChatMessage, ImageLoader, WireMessage, WirePart } from './types';

/**
 * The messages as the request body carries them: a message without images as plain text (as every endpoint takes
 * it), one with images as a text part followed by one `image_url` part per image, its bytes inline as a `data:` URL
 * (a local endpoint fetches nothing). An image that cannot be read (gone from disk, no loader) becomes a line saying
 * so rather than failing the reply.
 */
export async function wireMessages(messages: readonly ChatMessage[], load?: ImageLoader): Promise<WireMessage[]> {
  return Promise.all(
    messages.map(async ({ role, content, images }): Promise<WireMessage> => {
      if (!images || images.length === 0) return { role, content };
      const parts: WirePart[] = [{ type: 'text', text: content }];
      for (const image of images) {
        const url = load ? await load(image).catch(() => undefined) : undefined;
        parts.push(
          url
            ? { type: 'image_url', image_url: { url } }
            : { type: 'text', text: `[Image left out: ${describeImage(image)} could not be read from disk.]` },
        );
      }
      return { role, content: parts };
    }),
  );
}
