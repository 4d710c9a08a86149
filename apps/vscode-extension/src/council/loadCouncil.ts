import { join } from 'node:path';
import type { CouncilCode } from '@roundtable/core';

/**
 * The council's code (dist/council.js: the prompts of reviews and syntheses, with the scrubbing of every name, and
 * the reading of a synthesis's ledger), loaded the first time a review or synthesis is built or read. A path esbuild
 * does not follow, so it stays its own file; Node keeps it once loaded.
 */
export function council(): CouncilCode {
  return (require(join(__dirname, 'council.js')) as { councilCode: CouncilCode }).councilCode;
}
