import { join } from 'node:path';
import type { compareProposedChanges } from '../adapters/compareProposals';
import type { applyProposedChange, reviewProposedChange } from '../adapters/proposedChanges';

/** What dist/changes.js exports (see `changesBundle.ts`). */
export interface ChangesBundle {
  reviewProposedChange: typeof reviewProposedChange;
  applyProposedChange: typeof applyProposedChange;
  compareProposedChanges: typeof compareProposedChanges;
}

/**
 * The proposed changes' bundle, loaded on the first click of a change block's button. A path esbuild does not follow
 * (a dynamic import would be bundled into the thread tools), so it stays its own file beside them in dist/.
 */
export function changes(): ChangesBundle {
  return require(join(__dirname, 'changes.js')) as ChangesBundle;
}
