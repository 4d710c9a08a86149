import type { ViewMessage } from '@roundtable/core/protocol';
import { Component } from 'preact';
import { type Choice, ChoiceRow } from './ChoiceRow';

export interface MessageActions {
  retry(messageId: string): void;
  /** Asks the seat of a reply cut at its length limit to go on from there. */
  continueReply(messageId: string): void;
  deleteMessage(messageId: string): void;
  /** Shows the prompt a reply was sent (the host opens it in an editor). */
  showPrompt(messageId: string): void;
  /** Asks another participant what the reply answered; its reply is shown beside this one. */
  regenerateAs(messageId: string, participantId: string): void;
  /** Asks the table to review the reply: everyone else who can answer, or the members of a group. */
  review(messageId: string, groupId?: string): void;
  /** Starts Discuss disputes on a Council's synthesis (offered under its ledger, not in the toolbar). */
  discussDisputes(messageId: string): void;
}

/** The review choice that asks everyone else (no group). Never a group's id: those start with a letter. */
export const EVERYONE_ELSE = '*';

interface ToolbarProps {
  message: Pick<ViewMessage, 'id' | 'role' | 'status'>;
  /** Who the message is from, as shown above it. */
  speaker: string;
  actions: MessageActions;
  /** Who else could answer what this reply answered (none: no Regenerate as…). */
  regenerateTo: readonly Choice[];
  /** Who could review it, `EVERYONE_ELSE` first (none: no Review…). */
  reviewTo: readonly Choice[];
}

type Row = 'regenerate' | 'review' | undefined;

/**
 * A message's own actions, in one toolbar with one Tab stop (the first action; MessageList moves the roving tabindex
 * with the arrows): Retry a failed or stopped reply, its Prompt, Regenerate as… another participant, Review… by the
 * table, Delete. The last two open a row of choices under the toolbar; one row at a time.
 *
 * It shows nothing of the text, so a streamed delta (which renders its bubble) does not render it: it renders when
 * what it shows changes (the message's status, the speaker, the choices) or a row opens or closes.
 */
export class MessageToolbar extends Component<ToolbarProps, { choosing: Row }> {
  override state = { choosing: undefined as Row };

  override shouldComponentUpdate(next: ToolbarProps, state: { choosing: Row }): boolean {
    const { message: a, ...was } = this.props;
    const { message: b, ...now } = next;
    return (
      state.choosing !== this.state.choosing ||
      a.id !== b.id ||
      a.role !== b.role ||
      a.status !== b.status ||
      was.speaker !== now.speaker ||
      was.actions !== now.actions ||
      !sameChoices(was.regenerateTo, now.regenerateTo) ||
      !sameChoices(was.reviewTo, now.reviewTo)
    );
  }

  override render() {
    const { message, speaker, actions, regenerateTo, reviewTo } = this.props;
    const { choosing } = this.state;
    const { id, role, status } = message;
    const deleted = status === 'deleted';
    const reply = role === 'assistant' && !deleted;
    const canRetry = role === 'assistant' && (status === 'error' || status === 'cancelled');
    const canDelete = !deleted && status !== 'streaming';
    // A reply's prompt is recorded when it starts, so it can be read while the reply is still coming.
    const canShowPrompt = reply;
    const canRegenerate = reply && status !== 'streaming' && regenerateTo.length > 0;
    const canReview = reply && reviewTo.length > 0;
    if (!(canRetry || canDelete || canShowPrompt)) return null;
    // The first action present is the toolbar's Tab stop.
    const shown = [canRetry, canShowPrompt, canRegenerate, canReview, canDelete];
    const tab = (at: number) => (shown.findIndex(Boolean) === at ? 0 : -1);
    const choose = (row: Row) => this.setState({ choosing: row });
    const toggle = (row: 'regenerate' | 'review') => choose(choosing === row ? undefined : row);
    return (
      <>
        <div class="message-actions" role="toolbar" aria-label={`Actions for the message from ${speaker}`}>
          {canRetry && (
            <button type="button" class="link-button" tabIndex={tab(0)} onClick={() => actions.retry(id)}>
              Retry
            </button>
          )}
          {canShowPrompt && (
            <button
              type="button"
              class="link-button"
              tabIndex={tab(1)}
              aria-label={`Prompt: what ${speaker} was sent`}
              title="The exact prompt this reply was sent, in an editor (and the others of its turn, to compare)"
              onClick={() => actions.showPrompt(id)}
            >
              Prompt
            </button>
          )}
          {canRegenerate && (
            <button
              type="button"
              class="link-button"
              tabIndex={tab(2)}
              aria-expanded={choosing === 'regenerate' ? 'true' : 'false'}
              title="Ask another participant what this reply answered; its reply is shown beside this one"
              onClick={() => toggle('regenerate')}
            >
              Regenerate as…
            </button>
          )}
          {canReview && (
            <button
              type="button"
              class="link-button"
              tabIndex={tab(3)}
              aria-expanded={choosing === 'review' ? 'true' : 'false'}
              aria-label={`Ask the table to review the reply from ${speaker}`}
              title="Ask the others (or a group) to review this reply; their reviews fold under it"
              onClick={() => toggle('review')}
            >
              Review…
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              class="link-button"
              tabIndex={tab(4)}
              aria-label={`Delete message from ${speaker}`}
              onClick={() => actions.deleteMessage(id)}
            >
              Delete
            </button>
          )}
        </div>
        {canRegenerate && choosing === 'regenerate' && (
          <ChoiceRow
            label="Regenerate as"
            choices={regenerateTo}
            onPick={(participantId) => {
              choose(undefined);
              actions.regenerateAs(id, participantId);
            }}
            onCancel={() => choose(undefined)}
          />
        )}
        {canReview && choosing === 'review' && (
          <ChoiceRow
            label="Review by"
            choices={reviewTo}
            onPick={(choice) => {
              choose(undefined);
              if (choice === EVERYONE_ELSE) actions.review(id);
              else actions.review(id, choice);
            }}
            onCancel={() => choose(undefined)}
          />
        )}
      </>
    );
  }
}

/**
 * Whether a reply can be reviewed: it is there to read (complete, or stopped after it said something) and is not a
 * review itself (a review is never reviewed; the host refuses it).
 */
export function isReviewable(message: ViewMessage, isReview: boolean): boolean {
  if (message.role !== 'assistant' || isReview || message.reviewOf !== undefined) return false;
  return message.status === 'complete' || (message.status === 'cancelled' && /\S/.test(message.content));
}

/** Two lists of choices that show the same: the same ids and labels, in the same order. */
function sameChoices(a: readonly Choice[], b: readonly Choice[]): boolean {
  return (
    a.length === b.length && a.every((c, i) => c.id === b[i]?.id && c.label === b[i]?.label && c.name === b[i]?.name)
  );
}
