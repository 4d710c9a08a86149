import * as v from 'valibot';
import { MAX_CONTEXT_BLOCKS } from '../limits/context';
import { MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import { ContextBlock, ImageRef } from '../transcript/schema';

export { MAX_CONTEXT_BLOCK_CHARS, MAX_CONTEXT_BLOCKS } from '../limits/context';

/**
 * Editor context waiting in a view's composer as a removable chip, until the next message takes it along. The id
 * names the chip, so removing one is never confused with another added meanwhile.
 */
export const PendingContext = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  block: ContextBlock,
});
export type PendingContext = v.InferOutput<typeof PendingContext>;

export const PendingContextList = v.pipe(v.array(PendingContext), v.maxLength(MAX_CONTEXT_BLOCKS));

/** An image waiting in a view's composer (pasted, dropped or attached), already stored; removed by its id. */
export const PendingImage = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  image: ImageRef,
});
export type PendingImage = v.InferOutput<typeof PendingImage>;

export const PendingImageList = v.pipe(v.array(PendingImage), v.maxLength(MAX_IMAGES_PER_MESSAGE));
