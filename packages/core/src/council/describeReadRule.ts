import { andList } from '../base/andList';
import type { ParticipantConfig } from '../participants/participant';
import { displayNameOf } from '../prompt/framing';
import type { StepReads } from '../transcript/plan';
import type { Replacement } from './anonymise';
import { responseLabel } from './instructions';
import type { Visibility } from './visibility';

const READS: Record<StepReads, string> = {
  all: 'everything said before it',
  blind: 'the thread up to the question, none of the other answers to it (blind)',
  earlier: 'everything said before this round, none of this round’s other answers',
  peers: 'the question and the other seats’ answers',
  council: 'the question, every answer and every review',
  target: 'the reviewed reply’s question and the reviewed reply',
  disputes: 'the question and the disputed claims with the arguments on each side, none of the answers',
  positions: 'the question and every position taken in this round',
};

const STEPS = { answer: 'an answer', review: 'a review', synthesis: 'the synthesis', position: 'a position' } as const;

/**
 * What a reply's rule let it read, for the prompt inspector, as lines of Markdown: the step and its rule, the replies
 * it did not read (by speaker), who each neutral label stands for, and every name replaced and by what. The names
 * here are for the user; none of this is sent to a model.
 */
export function describeReadRule(
  visibility: Visibility,
  replacements: readonly Replacement[],
  participants: readonly ParticipantConfig[],
): string[] {
  const name = (id: string) => displayNameOf(id, participants);
  const { plan, rule, kind } = visibility;
  const lines = [
    `- Step: ${plan ? `${STEPS[kind]} of ${plan.kind === 'disputes' ? `dispute round ${plan.disputes?.round ?? 1}` : `a ${plan.mode} turn`}` : 'an answer (no plan: an older reply)'}; it reads ${READS[rule.reads]}${rule.names === 'anonymised' ? ', without names' : ''}`,
  ];
  if (visibility.hidden.length > 0) {
    const who = andList([...new Set(visibility.hidden.map((m) => name(m.speaker)))]);
    lines.push(
      `- Hidden from it: ${visibility.hidden.length} earlier repl${visibility.hidden.length === 1 ? 'y' : 'ies'} (${who})`,
    );
  }
  const labelled = [...visibility.responses].filter((r) => rule.names === 'anonymised' && r.letter);
  if (labelled.length > 0) {
    lines.push(
      `- Labels: ${labelled.map((r) => `${responseLabel(r.letter as string)} is ${name(r.seat)}`).join('; ')}`,
    );
  }
  if (visibility.missing.length > 0) lines.push(`- Not there to read: ${andList(visibility.missing.map(name))}`);
  if (replacements.length > 0) {
    const each = replacements.map((r) => `“${r.from}” → ${r.to ? `“${r.to}”` : 'removed'} (${r.count}×)`);
    lines.push(`- Names replaced: ${each.join(', ')}`);
  }
  return lines;
}
