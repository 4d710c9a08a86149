import type { DiscussionMode } from '@roundtable/core/protocol';

/** Every discussion mode, in the order the Mode chip offers them. */
export const MODES: readonly DiscussionMode[] = ['discuss', 'independent', 'council'];

/** A mode's name as the panel shows it (the chip, the turn line, a plan's header, a group's detail). */
export const MODE_LABEL: Readonly<Record<DiscussionMode, string>> = {
  discuss: 'Discuss',
  independent: 'Independent',
  council: 'Council',
};

/** What a mode does, in one sentence: the chip's and each option's tooltip. */
export const MODE_DESCRIPTION: Readonly<Record<DiscussionMode, string>> = {
  discuss: 'Discuss: one after another, each reading everything said before it.',
  independent: 'Independent: all at once, none reading the others’ answers.',
  council: 'Council: independent answers, then an anonymous cross-review, then a synthesis by the chair.',
};
