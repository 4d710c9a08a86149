import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { MAX_README_IMAGE_BYTES, README_IMAGE_DIR } from '../src/readmeImages';

/** A rectangle of the page, in CSS pixels. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest rectangle holding every box. */
export function unionOf(boxes: readonly Box[]): Box {
  if (boxes.length === 0) throw new Error('nothing to take a picture of');
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * Writes `docs/images/<file>`: the whole window, or the rectangle holding `parts` (e.g. the activity bar and the side
 * bar). The mouse is moved off the chat first, so no hover state shows, and the caret is hidden. Fails when the PNG
 * is over the README's budget instead of shipping it: make the region smaller then.
 */
export async function captureReadmeImage(page: Page, file: string, parts: readonly Locator[] = []): Promise<number> {
  await page.mouse.move(1, 1);
  const boxes = await Promise.all(parts.map((part) => part.boundingBox()));
  const shown = boxes.filter((box): box is Box => box !== null);
  if (shown.length < parts.length) throw new Error(`${file}: a part to take a picture of is not shown`);
  const target = path.join(README_IMAGE_DIR, file);
  await page.screenshot({
    path: target,
    ...(shown.length > 0 ? { clip: unionOf(shown) } : {}),
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
  });
  const bytes = statSync(target).size;
  if (bytes > MAX_README_IMAGE_BYTES) {
    throw new Error(`${file} is ${bytes} bytes, over the README's ${MAX_README_IMAGE_BYTES}: take a smaller region`);
  }
  return bytes;
}
