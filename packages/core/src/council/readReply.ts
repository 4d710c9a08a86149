import { type LetteredClaim, parseLedger } from './ledger';
import { parsePositions, type StatedPosition } from './parsePositions';
import { normalAnswer, statedAnswer } from './shortAnswer';
import { labelledVerdict } from './verdict';

// One entry point for every format the council asks a model for, by the step that asked: the same readers the host
// uses, each giving what it read or why it read nothing. For what reads replies outside a thread (the fixtures of
// real and written output, an evaluation), not for the host's own readings, which keep their stored shapes.

/** The step a reply answers: a seat's answer, a review, a chair's synthesis (its ledger), a dispute round's positions. */
export type StepKind = 'answer' | 'review' | 'synthesis' | 'positions';
export const STEP_KINDS: readonly StepKind[] = ['answer', 'review', 'synthesis', 'positions'];

/** What a reply's format says, read. */
export type StepRead =
  | { answer: string; normal: string }
  | { verdict: string }
  | { claims: LetteredClaim[]; answer: string; answers?: Record<string, string> }
  | { positions: StatedPosition[] };

/** A reply read (`read`), or why it could not be (`unread`, one line a user can act on). Never both, never neither. */
export type ReplyReading = { read: StepRead } | { unread: string };

/** What a reply is read against: the plan's response letters (a synthesis), the round's claims (positions). */
export interface ReadContext {
  letters?: readonly string[];
  claims?: readonly string[];
}

/** A reply of step `kind` read as its format says. Pure and total: any text gives a reading, never an exception. */
export function readReply(kind: StepKind, text: string, context: ReadContext = {}): ReplyReading {
  switch (kind) {
    case 'answer': {
      const stated = statedAnswer(text);
      if (stated === undefined) return { unread: 'it states no final answer on a line of its own (`Answer: …`)' };
      const normal = normalAnswer(stated);
      if (normal === undefined) return { unread: 'the answer it states is no short answer (too long, or empty)' };
      return { read: { answer: stated, normal } };
    }
    case 'review': {
      const verdict = labelledVerdict(text);
      return verdict === undefined
        ? { unread: 'it opens with no `Verdict: …` line (its first line is shown instead)' }
        : { read: { verdict } };
    }
    case 'synthesis': {
      const reading = parseLedger(text, context.letters ?? []);
      if (reading.kind === 'none') return { unread: 'it wrote no ledger of its claims' };
      if (reading.kind === 'malformed') return { unread: `its ledger could not be read: ${reading.reason}` };
      const answers = reading.answers ? { answers: reading.answers } : {};
      return { read: { claims: reading.claims, answer: reading.answer, ...answers } };
    }
    case 'positions': {
      const parsed = parsePositions(text, context.claims ?? []);
      return 'malformed' in parsed ? { unread: parsed.malformed } : { read: { positions: parsed.claims } };
    }
  }
}
