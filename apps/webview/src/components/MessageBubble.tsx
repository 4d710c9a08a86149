import { describeCost, describeUnrouted } from '@roundtable/core/present';
import type { ViewMessage } from '@roundtable/core/protocol';
import type { ComponentChildren } from 'preact';
import type { RenderMarkdown } from '../models/MarkdownModel';
import { accentStyle, type StepTag, speakerMark, typingDots } from './bubbleParts';
import type { Choice } from './ChoiceRow';
import { ContextBlocks } from './ContextBlocks';
import { MessageImages } from './lazyImages';
import { MarkdownContent } from './lazyMarkdown';
import { type MessageActions, MessageToolbar } from './MessageToolbar';
import type { Speaker } from './speaker';
import { UserText } from './UserText';
import { WaitingFor } from './WaitingFor';
import './MessageBubble.css';

/**
 * One message. Assistant and system text is rendered as Markdown through `renderMarkdown` (the only HTML
 * entry point, passed in as `render`); the user's own text is shown as typed (text node, newlines kept),
 * never as HTML. Without a renderer (its chunk failed to load) every message is shown as plain text.
 * `body` replaces the Markdown of a reply that shows more than its text (a synthesis and its ledger); it is used
 * only with a renderer. A finished reply says what it cost under its text.
 */
export function MessageBubble({
  message,
  speaker,
  actions,
  render,
  regenerateTo = [],
  reviewTo = [],
  tag,
  inPlan = false,
  body,
}: {
  message: ViewMessage;
  speaker: Speaker;
  actions: MessageActions;
  render: RenderMarkdown | undefined;
  /** Who else could answer what this reply answered. */
  regenerateTo?: readonly Choice[];
  /** Who could review this reply (none: it cannot be reviewed). */
  reviewTo?: readonly Choice[];
  /** The word for the reply's step ("blind", "revised", "synthesis"). */
  tag?: StepTag | undefined;
  /** It belongs to a turn shown as one unit (Independent, Council), under that turn's header. */
  inPlan?: boolean;
  body?: ComponentChildren;
}) {
  const { id, role, status, content } = message;
  const deleted = status === 'deleted';
  const unrouted = role === 'user' && !deleted && message.unrouted ? describeUnrouted(message.unrouted) : undefined;
  const cost = deleted || status === 'streaming' ? undefined : describeCost(message);
  const classes = [
    'message',
    `message--${role}`,
    `message--${status}`,
    speaker.muted ? 'message--muted' : '',
    message.alternativeOf ? 'message--alternative' : '',
    inPlan ? 'message--in-plan' : '',
  ];

  return (
    <article
      class={classes.filter(Boolean).join(' ')}
      data-testid="message"
      data-speaker={message.speaker}
      data-status={status}
      data-message-id={id}
      style={accentStyle(speaker.accent)}
      aria-busy={status === 'streaming' ? 'true' : undefined}
    >
      <header class="message-header">
        {speakerMark(speaker)}
        <span class="speaker">{speaker.label}</span>
        {message.alternativeOf && (
          <span class="message-tag" title="Asked the same as the reply above it (Regenerate as…)">
            alternative
          </span>
        )}
        {tag && (
          <span class="message-tag" data-testid="step-tag" title={tag.title}>
            {tag.label}
          </span>
        )}
        {speaker.muted && (
          <span class="speaker-muted" title="Muted in roundtable.participants: not asked to answer">
            muted
          </span>
        )}
        {status === 'streaming' && typingDots()}
      </header>
      {deleted ? (
        <div class="message-content message-content--deleted" data-testid="message-content">
          message deleted
        </div>
      ) : role === 'user' ? (
        <UserText content={content} />
      ) : !render ? (
        <div class="message-content message-content--plain" data-testid="message-content">
          {content}
        </div>
      ) : (
        (body ?? <MarkdownContent content={content} final={status !== 'streaming'} render={render} />)
      )}
      {status === 'streaming' && content === '' && <WaitingFor since={message.createdAt} />}
      {!deleted && message.contextBlocks && <ContextBlocks blocks={message.contextBlocks} />}
      {!deleted && message.images && <MessageImages images={message.images} />}
      {unrouted && (
        <p class="message-note" data-testid="unrouted">
          No reply from some names: {unrouted}
        </p>
      )}
      {!deleted && message.leftOut !== undefined && (
        <p class="message-note" data-testid="left-out">
          {message.leftOut} older message{message.leftOut === 1 ? ' was' : 's were'} left out of this reply’s prompt for
          length (Prompt shows which).
        </p>
      )}
      {status === 'cancelled' &&
        (message.cutOff ? (
          <p class="message-note" data-testid="cut-off">
            Cut off when VS Code stopped: this is what had come in.
          </p>
        ) : (
          <p class="message-note">(stopped)</p>
        ))}
      {status === 'complete' && message.cutAtLength && (
        <p class="message-note" data-testid="cut-at-length">
          Cut at the seat’s length limit.{' '}
          <button type="button" class="link-button" onClick={() => actions.continueReply(id)}>
            Continue
          </button>
        </p>
      )}
      {status === 'error' && (
        <p class="message-error" data-testid="message-error">
          {message.error?.trim() || 'The reply failed without an error message.'}
        </p>
      )}
      {cost && (
        <p class="message-cost" data-testid="message-cost">
          {cost}
        </p>
      )}
      <MessageToolbar
        message={message}
        speaker={speaker.label}
        actions={actions}
        regenerateTo={regenerateTo}
        reviewTo={reviewTo}
      />
    </article>
  );
}
