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

export function stepTag(step: PlanStep | undefined): StepTag | undefined {
  if (!step) return undefined;
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
