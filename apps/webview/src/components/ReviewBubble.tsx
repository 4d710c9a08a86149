import { describeCost, verdictOf } from '@roundtable/core/present';
import type { ViewMessage } from '@roundtable/core/protocol';
import { useState } from 'preact/hooks';
import type { RenderMarkdown } from '../models/MarkdownModel';
import { accentStyle, speakerMark, typingDots } from './bubbleParts';
import { MarkdownContent } from './lazyMarkdown';
import { type MessageActions, MessageToolbar } from './MessageToolbar';
import type { Speaker } from './speaker';
import './MessageBubble.css';
import './ReviewBubble.css';

/**
 * The start of a review read for its verdict: the verdict is on its first non-blank line, so a long review (or one
 * still streaming) is never scanned whole on each delta.
 */
const VERDICT_SCAN_CHARS = 4_000;

/**
 * A review (asked of one reply, or a council's cross-review), folded under what it reviews into one row: who wrote
 * it (its real name: names are hidden from the models, never from the user), the word "review", and the verdict its
 * first line gives; the row still shows that it is streaming, failed or was stopped. The toggle opens the whole
 * review (Markdown, through the one renderer) with its cost and actions. Folded by default. A review is never
 * regenerated as someone else nor reviewed itself, so its actions are Retry, Prompt and Delete.
 */
export function ReviewBubble({
  message,
  speaker,
  actions,
  render,
  inPlan = false,
}: {
  message: ViewMessage;
  speaker: Speaker;
  actions: MessageActions;
  render: RenderMarkdown | undefined;
  inPlan?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { id, status, content } = message;
  const deleted = status === 'deleted';
  const verdict = deleted ? '' : verdictOf(content.slice(0, VERDICT_SCAN_CHARS));
  const error = status === 'error' ? message.error?.trim() || 'The review failed without an error message.' : '';
  const cost = deleted || status === 'streaming' ? undefined : describeCost(message);
  const classes = ['message', 'message--assistant', `message--${status}`, 'message--review'];
  if (speaker.muted) classes.push('message--muted');
  if (inPlan) classes.push('message--in-plan');
  const bodyId = `review-${id}`;

  return (
    <article
      class={classes.join(' ')}
      data-testid="message"
      data-speaker={message.speaker}
      data-status={status}
      data-message-id={id}
      style={accentStyle(speaker.accent)}
      aria-busy={status === 'streaming' ? 'true' : undefined}
    >
      <div class="review-row" data-testid="review" data-verdict={verdict}>
        {speakerMark(speaker)}
        <span class="speaker">{speaker.label}</span>
        <span class="message-tag">review</span>
        {status === 'streaming' && typingDots()}
        {status === 'cancelled' && <span class="message-tag">{message.cutOff ? 'cut off' : 'stopped'}</span>}
        {deleted ? (
          <span class="review-verdict message-note">review deleted</span>
        ) : error ? (
          <span class="review-verdict review-verdict--error" data-testid="message-error" title={error}>
            {error}
          </span>
        ) : (
          <span class="review-verdict" title={verdict}>
            {verdict}
          </span>
        )}
        {!deleted && (
          <button
            type="button"
            class="link-button review-toggle"
            aria-expanded={open ? 'true' : 'false'}
            aria-controls={open ? bodyId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} the review by ${speaker.label}`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {open && !deleted && (
        <div id={bodyId} class="review-body">
          {render ? (
            <MarkdownContent content={content} final={status !== 'streaming'} render={render} />
          ) : (
            <div class="message-content message-content--plain" data-testid="message-content">
              {content}
            </div>
          )}
          {cost && (
            <p class="message-cost" data-testid="message-cost">
              {cost}
            </p>
          )}
        </div>
      )}
      {/* Folded, the row stays one line; a review that failed or was stopped offers Retry at once. */}
      {(open || status === 'error' || status === 'cancelled') && (
        <MessageToolbar message={message} speaker={speaker.label} actions={actions} regenerateTo={[]} reviewTo={[]} />
      )}
    </article>
  );
}
