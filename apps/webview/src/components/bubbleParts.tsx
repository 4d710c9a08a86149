import type { PlanStep } from '@roundtable/core/protocol';
import type { Speaker } from './speaker';

// The two parts below are functions, not components: called in a bubble's render, they cost a streamed delta no
// component of their own.

/** The three dots of a reply streaming in; screen readers hear "is typing" once (the message is `aria-busy`). */
export function typingDots() {
  return (
    <span class="typing" data-testid="typing">
      <span class="visually-hidden">is typing</span>
      <span class="typing-dot" aria-hidden="true" />
      <span class="typing-dot" aria-hidden="true" />
      <span class="typing-dot" aria-hidden="true" />
    </span>
  );
}

/** A speaker's letters in a box drawn in its accent (none for the user and notes). */
export function speakerMark(speaker: Speaker) {
  return speaker.mark ? (
    <span class="speaker-mark" aria-hidden="true">
      {speaker.mark}
    </span>
  ) : null;
}

/**
 * A message's accent, as a CSS custom property set through CSSOM (style.setProperty), which a CSP without
 * 'unsafe-inline' allows; undefined when it has none.
 */
export function accentStyle(accent: string | undefined): Record<string, string> | undefined {
  return accent ? { '--participant-accent': accent } : undefined;
}

/** The word a reply's header shows for its step, and why; none for a plain Discuss answer (it reads everything). */
export interface StepTag {
  label: string;
  title: string;
}

/**
 * A Council's answer sent with stances shows the side its seat was asked to argue instead of "blind" (the stances are
 * on the first step, whose answers are all blind).
 */
const BLIND = ' (written without reading the others’ answers)';
const STANCE_TAGS: Record<NonNullable<PlanStep['stances']>[string], StepTag> = {
  for: {
    label: 'argues for',
    title: `Asked to argue for: the strongest honest case in favour, then its answer${BLIND}`,
  },
  against: {
    label: 'argues against',
    title: `Asked to argue against: the strongest honest case against, then its answer${BLIND}`,
  },
  neutral: { label: 'weighs both', title: `Asked to weigh the case for and the case against evenly${BLIND}` },
};

/** The tag of a reply by `speaker` in `step`. */
export function stepTag(step: PlanStep | undefined, speaker?: string): StepTag | undefined {
  if (!step) return undefined;
  // Own keys only: a seat's id is the user's word, and could be `constructor`.
  const stance =
    step.kind === 'answer' && speaker !== undefined && step.stances && Object.hasOwn(step.stances, speaker)
      ? step.stances[speaker]
      : undefined;
  if (stance) return STANCE_TAGS[stance];
  if (step.kind === 'review') return { label: 'review', title: 'A review of other answers' };
  if (step.kind === 'synthesis' && step.reads === 'positions')
    return { label: 'synthesis', title: 'The chair’s answer and ledger, updated from the seats’ positions' };
  if (step.kind === 'synthesis')
    return { label: 'synthesis', title: 'The chair’s synthesis of the answers and reviews' };
  if (step.kind === 'position')
    return { label: 'position', title: 'Its position on the disputed claims, after reading only the arguments' };
  if (step.reads === 'blind') return { label: 'blind', title: 'Answered without reading the others’ answers' };
  if (step.reads === 'earlier') {
    return { label: 'revised', title: 'A reveal round: written after reading every earlier answer, to revise its own' };
  }
  return undefined;
}
