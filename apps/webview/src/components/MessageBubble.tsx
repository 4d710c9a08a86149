import { describeUnrouted, type ViewMessage } from '@roundtable/core/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RenderMarkdown } from '../models/MarkdownModel';
import { ContextBlocks } from './ContextBlocks';
import { MarkdownContent } from './MarkdownContent';
import type { Speaker } from './speaker';
import { UserText } from './UserText';
import { WaitingFor } from './WaitingFor';

export interface MessageActions {
  retry(messageId: string): void;
  deleteMessage(messageId: string): void;
  /** Shows the prompt a reply was sent (the host opens it in an editor). */
  showPrompt(messageId: string): void;
  /** Asks another participant what the reply answered; its reply is shown beside this one. */
  regenerateAs(messageId: string, participantId: string): void;
}

/** Someone a reply can be regenerated as. */
export interface RegenerateChoice {
  id: string;
  label: string;
}

/**
 * One message. Assistant and system text is rendered as Markdown through `renderMarkdown` (the only HTML
 * entry point, passed in as `render`); the user's own text is shown as typed (text node, newlines kept),
 * never as HTML. Without a renderer (its chunk failed to load) every message is shown as plain text.
 */
export function MessageBubble({
  message,
  speaker,
  actions,
  render,
  regenerateTo = [],
}: {
  message: ViewMessage;
  speaker: Speaker;
  actions: MessageActions;
  render: RenderMarkdown | undefined;
  /** Who else could answer what this reply answered. */
  regenerateTo?: readonly RegenerateChoice[];
}) {
  const { id, role, status, content } = message;
  const deleted = status === 'deleted';
  const canRetry = role === 'assistant' && (status === 'error' || status === 'cancelled');
  const canDelete = !deleted && status !== 'streaming';
  // A reply's prompt is recorded when it starts, so it can be read while the reply is still coming.
  const canShowPrompt = role === 'assistant' && !deleted;
  const canRegenerate = role === 'assistant' && !deleted && status !== 'streaming' && regenerateTo.length > 0;
  const [choosing, setChoosing] = useState(false);
  const unrouted = role === 'user' && !deleted && message.unrouted ? describeUnrouted(message.unrouted) : undefined;
  const classes = [
    'message',
    `message--${role}`,
    `message--${status}`,
    speaker.muted ? 'message--muted' : '',
    message.alternativeOf ? 'message--alternative' : '',
  ];

  return (
    <article
      class={classes.filter(Boolean).join(' ')}
      data-testid="message"
      data-speaker={message.speaker}
      data-status={status}
      data-message-id={id}
      // A CSS custom property set through CSSOM (style.setProperty), which a CSP without 'unsafe-inline' allows.
      style={speaker.accent ? { '--participant-accent': speaker.accent } : undefined}
      aria-busy={status === 'streaming' ? 'true' : undefined}
    >
      <header class="message-header">
        {speaker.mark && (
          <span class="speaker-mark" aria-hidden="true">
            {speaker.mark}
          </span>
        )}
        <span class="speaker">{speaker.label}</span>
        {message.alternativeOf && (
          <span class="message-tag" title="Asked the same as the reply above it (Regenerate as…)">
            alternative
          </span>
        )}
        {speaker.muted && (
          <span class="speaker-muted" title="Muted in roundtable.participants: not asked to answer">
            muted
          </span>
        )}
        {status === 'streaming' && (
          <span class="typing" data-testid="typing">
            <span class="visually-hidden">is typing</span>
            <span class="typing-dot" aria-hidden="true" />
            <span class="typing-dot" aria-hidden="true" />
            <span class="typing-dot" aria-hidden="true" />
          </span>
        )}
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
        <MarkdownContent content={content} final={status !== 'streaming'} render={render} />
      )}
      {status === 'streaming' && content === '' && <WaitingFor since={message.createdAt} />}
      {!deleted && message.contextBlocks && <ContextBlocks blocks={message.contextBlocks} />}
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
      {status === 'cancelled' && <p class="message-note">(stopped)</p>}
      {status === 'error' && (
        <p class="message-error" data-testid="message-error">
          {message.error?.trim() || 'The reply failed without an error message.'}
        </p>
      )}
      {(canRetry || canDelete || canShowPrompt) && (
        // One Tab stop per message: arrows move between its actions (MessageList keeps the roving tabindex).
        <div class="message-actions" role="toolbar" aria-label={`Actions for the message from ${speaker.label}`}>
          {canRetry && (
            <button type="button" class="link-button" tabIndex={0} onClick={() => actions.retry(id)}>
              Retry
            </button>
          )}
          {canShowPrompt && (
            <button
              type="button"
              class="link-button"
              tabIndex={canRetry ? -1 : 0}
              aria-label={`Prompt: what ${speaker.label} was sent`}
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
              tabIndex={canRetry || canShowPrompt ? -1 : 0}
              aria-expanded={choosing ? 'true' : 'false'}
              title="Ask another participant what this reply answered; its reply is shown beside this one"
              onClick={() => setChoosing(!choosing)}
            >
              Regenerate as…
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              class="link-button"
              tabIndex={canRetry || canShowPrompt || canRegenerate ? -1 : 0}
              aria-label={`Delete message from ${speaker.label}`}
              onClick={() => actions.deleteMessage(id)}
            >
              Delete
            </button>
          )}
        </div>
      )}
      {canRegenerate && choosing && (
        <RegenerateChoices
          choices={regenerateTo}
          onPick={(participantId) => {
            setChoosing(false);
            actions.regenerateAs(id, participantId);
          }}
          onCancel={() => setChoosing(false)}
        />
      )}
    </article>
  );
}

/** The row of participants to regenerate a reply as; the first takes focus, Escape closes it. */
function RegenerateChoices({
  choices,
  onPick,
  onCancel,
}: {
  choices: readonly RegenerateChoice[];
  onPick: (participantId: string) => void;
  onCancel: () => void;
}) {
  const row = useRef<HTMLFieldSetElement>(null);
  useEffect(() => row.current?.querySelector('button')?.focus(), []);
  return (
    // Escape anywhere in the row closes it; the buttons do the rest.
    <fieldset
      ref={row}
      class="regenerate-choices"
      aria-label="Regenerate as"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <span class="regenerate-label">Regenerate as</span>
      {choices.map((c) => (
        <button key={c.id} type="button" class="link-button" onClick={() => onPick(c.id)}>
          {c.label}
        </button>
      ))}
      <button type="button" class="link-button" onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}
