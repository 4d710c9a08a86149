import type { ViewMessage } from '@roundtable/core/protocol';

/** What a plan reads of one of its replies (for its cost): never its text, so a streamed delta changes none of it. */
export interface ReplyFacts {
  readonly stepIndex: number;
  /** An alternative (Regenerate as…): asked later, beside a reply of the plan, not in its step's run. */
  readonly alternative: boolean;
  readonly timing: ViewMessage['timing'];
  readonly usage: ViewMessage['usage'];
}

export function factsOf(m: ViewMessage): ReplyFacts {
  return {
    stepIndex: m.step?.index ?? 0,
    alternative: m.alternativeOf !== undefined,
    timing: m.timing,
    usage: m.usage,
  };
}

/** Two readings of a reply that show the same (the fields are values, or objects a patch replaces whole). */
export function sameFacts(a: ReplyFacts, b: ReplyFacts): boolean {
  return a.stepIndex === b.stepIndex && a.alternative === b.alternative && a.timing === b.timing && a.usage === b.usage;
}
