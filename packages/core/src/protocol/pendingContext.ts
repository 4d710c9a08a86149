import * as z from 'zod/mini';
import { MAX_CONTEXT_BLOCKS } from '../limits/context';
import { MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import { ContextBlock, ImageRef } from '../transcript/schema';

export { MAX_CONTEXT_BLOCK_CHARS, MAX_CONTEXT_BLOCKS } from '../limits/context';

/**
 * Editor context waiting in a view's composer as a removable chip, until the next message takes it along. The id
 * names the chip, so removing one is never confused with another added meanwhile.
 */
export const PendingContext = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  block: ContextBlock,
});
export type PendingContext = z.infer<typeof PendingContext>;

export const PendingContextList = z.array(PendingContext).check(z.maxLength(MAX_CONTEXT_BLOCKS));

/** An image waiting in a view's composer (pasted, dropped or attached), already stored; removed by its id. */
export const PendingImage = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  image: ImageRef,
});
export type PendingImage = z.infer<typeof PendingImage>;

export const PendingImageList = z.array(PendingImage).check(z.maxLength(MAX_IMAGES_PER_MESSAGE));
