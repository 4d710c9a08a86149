import { readSynthesis, withSyntheses } from './readSynthesis';
import { reviewPrompt } from './reviewPrompt';

/**
 * What only reviews and councils need: the prompt of a reply that reads others' replies under neutral labels (the
 * scrubbing of every name, the council's instructions) and the reading of a synthesis's ledger. The orchestrator is
 * handed it (`TurnCode.council`) instead of importing it, so a host loads it the first time a review or synthesis is
 * built or read: a thread of plain discussion never parses it. Tests pass `() => councilCode`.
 */
export interface CouncilCode {
  reviewPrompt: typeof reviewPrompt;
  readSynthesis: typeof readSynthesis;
  withSyntheses: typeof withSyntheses;
}

export const councilCode: CouncilCode = { reviewPrompt, readSynthesis, withSyntheses };
