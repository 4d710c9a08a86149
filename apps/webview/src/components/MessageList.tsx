import type { ChatState } from '@roundtable/core/protocol';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import type { RenderMarkdown } from '../models/MarkdownModel';
import { MessageBubble } from './MessageBubble';
import { isNearBottom } from './scroll';
import { describeSpeaker } from './speaker';

const COPIED_LABEL_MS = 1500;

/**
 * The transcript. One delegated click handler covers everything inside rendered Markdown (no inline
 * handlers exist under the CSP):
 * - a link never navigates the webview: the click is cancelled and the host is asked to open it. It also
 *   stops propagating, because VS Code's own webview frame opens clicked links too and would open it twice.
 * - a code block's Copy button copies its code.
 *
 * The list is a polite live region for *new messages*: a streaming bubble is `aria-busy`, so its per-token
 * updates are not read out one by one.
 */
export function MessageList({
  chat,
  state,
  render,
}: {
  chat: ChatModel;
  state: ChatState;
  render: RenderMarkdown | undefined;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const messages = state.transcript.messages;
  const participants = chat.participantsById.value;
  const last = messages.at(-1);

  // Follow new content while the user is at the bottom; a message they just sent always brings them there.
  const lastCount = useRef(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (messages.length > lastCount.current && last?.role === 'user') stickToBottom.current = true;
    lastCount.current = messages.length;
    if (stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages.length, last?.id, last?.content, last?.status, last?.role]);

  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const anchor = event.target.closest('a[href]');
    if (anchor) {
      event.preventDefault();
      event.stopPropagation();
      chat.openLink(anchor.getAttribute('href') ?? '');
      return;
    }
    const copy = event.target.closest('button[data-action="copy-code"]');
    if (copy instanceof HTMLButtonElement) void copyCode(copy);
  };

  // Middle-click would otherwise try to open the link in a new browser tab inside the webview.
  const onAuxClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegation only; the targets are links and buttons, which raise click from the keyboard themselves.
    <div
      ref={listRef}
      class="message-list"
      data-testid="message-list"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable log must be reachable by keyboard to scroll it.
      tabIndex={0}
      onScroll={(event) => {
        stickToBottom.current = isNearBottom(event.currentTarget);
      }}
      onClick={onClick}
      onAuxClick={onAuxClick}
    >
      {messages.length === 0 ? (
        <p class="empty-hint">
          No messages yet. Say something to the table; @-mention a participant to pick who answers.
        </p>
      ) : (
        messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            speaker={describeSpeaker(message, participants)}
            actions={chat}
            render={render}
          />
        ))
      )}
    </div>
  );
}

async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.parentElement?.querySelector('pre > code')?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(code);
    button.textContent = 'Copied';
  } catch {
    // Clipboard access can be refused (no focus, policy); say so instead of failing silently.
    button.textContent = 'Copy failed';
  }
  setTimeout(() => {
    button.textContent = 'Copy';
  }, COPIED_LABEL_MS);
}
