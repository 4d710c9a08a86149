import * as path from 'node:path';
import { repoRoot } from './repoPaths';

/**
 * The screenshots the README shows, which `pnpm screenshots` writes and `readme.test.ts` checks: each must exist, be
 * referenced, and stay under the size budget (a README that loads megabytes of images is slow to read on GitHub).
 */
export const README_IMAGE_DIR = path.join(repoRoot, 'docs', 'images');

export const README_IMAGES = {
  /** The sidebar with a Discuss turn: three seats, each building on the one before. */
  discuss: 'discuss.png',
  /** A Council: the synthesis with its vote and ledger. */
  council: 'council.png',
  /** A change a reply proposed, reviewed in VS Code's diff editor beside the chat. */
  changeReview: 'change-review.png',
} as const;

export const MAX_README_IMAGE_BYTES = 200 * 1024;

/** The window the screenshots are taken in: a realistic laptop-sized VS Code. */
export const SHOT_VIEWPORT = { width: 1280, height: 800 } as const;
