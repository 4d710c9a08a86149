import type { ReadonlySignal } from '@preact/signals';
import { isRoutable } from '@roundtable/core/present';
import type { ViewMessage } from '@roundtable/core/protocol';
import type { Participant } from '../models/ChatModel';
import type { RenderMarkdown } from '../models/MarkdownModel';
import { isUnit, type PlanViews } from '../models/PlanViews';
import { stepTag } from './bubbleParts';
import type { Choice } from './ChoiceRow';
import { PositionsContent, ReviewBubble, SynthesisContent } from './lazyViews';
import { MessageBubble } from './MessageBubble';
import { EVERYONE_ELSE, isReviewable, type MessageActions } from './MessageToolbar';
import { describeSpeaker } from './speaker';

const EVERYONE_ELSE_CHOICE: Choice = { id: EVERYONE_ELSE, label: 'Everyone else' };

/**
 * One message, rendered from its own signal. @preact/signals skips a component whose props are unchanged and
 * re-renders it when a signal it read changes, so a streamed delta re-renders this message alone, and a change of
 * the list's order re-renders no existing message (its props, the signal included, stay the same objects).
 *
 * A reply of a plan shows as its step asks: a review folded under what it reviews, a synthesis with its ledger, a
 * dispute round's position with its positions, any other reply with a tag for its step. The plan is read through its
 * own computed, which a new plan does not change.
 */
export function MessageItem({
  message,
  participants,
  actions,
  render,
  groups,
  views,
}: {
  message: ReadonlySignal<ViewMessage>;
  participants: ReadonlyMap<string, Participant>;
  actions: MessageActions;
  render: RenderMarkdown | undefined;
  /** The groups that can be asked to review a reply, as choices. */
  groups: readonly Choice[];
  views: PlanViews;
}) {
  const value = message.value;
  // The reply's own renderer: what its change blocks offer depends on the rest of the thread.
  const own = render?.of?.(value.id) ?? render;
  const speaker = describeSpeaker(value, participants);
  const planId = value.step?.plan;
  const plan = planId === undefined ? undefined : views.plan(planId).value;
  const step = plan && value.step ? plan.steps[value.step.index] : undefined;
  const inPlan = plan !== undefined && isUnit(plan);
  const isReview = value.role === 'assistant' && (value.reviewOf !== undefined || step?.kind === 'review');
  if (isReview)
    return <ReviewBubble message={value} speaker={speaker} actions={actions} render={own} inPlan={inPlan} />;
  const regenerateTo =
    value.role === 'assistant'
      ? [...participants.values()]
          .filter((p) => isRoutable(p) && p.id !== value.speaker)
          .map((p) => ({ id: p.id, label: p.displayName }))
      : [];
  // Everyone else would be nobody when the speaker is the only one who can answer.
  const reviewers = [...(regenerateTo.length > 0 ? [EVERYONE_ELSE_CHOICE] : []), ...groups];
  // A synthesis shows its ledger, a dispute round's position its positions, from what the host read (lazy views).
  const body =
    !plan || !own ? undefined : step?.kind === 'synthesis' ? (
      <SynthesisContent
        message={value}
        render={own}
        plan={plan}
        participants={participants}
        views={views}
        actions={actions}
      />
    ) : step?.kind === 'position' ? (
      <PositionsContent message={value} render={own} plan={plan} />
    ) : undefined;
  return (
    <MessageBubble
      message={value}
      speaker={speaker}
      actions={actions}
      render={own}
      regenerateTo={regenerateTo}
      reviewTo={isReviewable(value, isReview) ? reviewers : []}
      tag={stepTag(step, value.speaker)}
      inPlan={inPlan}
      body={body}
    />
  );
}
