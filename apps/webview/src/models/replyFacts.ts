import type { ViewMessage } from '@roundtable/core/protocol';

/** What a plan reads of one of its replies: never its text, so a streamed delta changes none of it. */
export interface ReplyFacts {
  readonly id: string;
  readonly speaker: string;
  readonly stepIndex: number;
  readonly status: ViewMessage['status'];
  /** It has said something (its text is not blank). */
  readonly spoke: boolean;
  /** An alternative (Regenerate as…): asked later, beside a reply of the plan, not in its step's run. */
  readonly alternative: boolean;
  readonly timing: ViewMessage['timing'];
  readonly usage: ViewMessage['usage'];
}

export function factsOf(m: ViewMessage): ReplyFacts {
  return {
    id: m.id,
    speaker: m.speaker,
    stepIndex: m.step?.index ?? 0,
    status: m.status,
    // Stops at the first non-blank character: O(1) for any text that starts with a word.
    spoke: /\S/.test(m.content),
    alternative: m.alternativeOf !== undefined,
    timing: m.timing,
    usage: m.usage,
  };
}

/** Two readings of a reply that show the same (the fields are values, or objects a patch replaces whole). */
export function sameFacts(a: ReplyFacts, b: ReplyFacts): boolean {
  return (
    a.id === b.id &&
    a.speaker === b.speaker &&
    a.stepIndex === b.stepIndex &&
    a.status === b.status &&
    a.spoke === b.spoke &&
    a.alternative === b.alternative &&
    a.timing === b.timing &&
    a.usage === b.usage
  );
}
