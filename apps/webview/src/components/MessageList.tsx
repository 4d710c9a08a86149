import { useSignalEffect } from '@preact/signals';
import { useMemo, useRef, useState } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import { groupLabel } from '../models/groups';
import type { RenderMarkdown } from '../models/MarkdownModel';
import type { Choice } from './ChoiceRow';
import { useFollowContent } from './followContent';
import { councilViews, PlanHeader } from './lazyViews';
import { MessageItem } from './MessageItem';
import { GROUP_SIZE, GROUP_STYLE, windowGroups } from './messageGroups';
import { useMessageWindow } from './messageWindow';
import { followsAfterScroll } from './scroll';
import { TermsSlot } from './TermsSlot';
import './MessageList.css';

const COPIED_LABEL_MS = 1500;

/**
 * The transcript. One delegated click handler covers everything inside rendered Markdown (no inline
 * handlers exist under the CSP):
 * - a link never navigates the webview: the click is cancelled and the host is asked to open it. It also
 *   stops propagating, because VS Code's own webview frame opens clicked links too and would open it twice.
 * - a code block's toolbar copies its code, or asks the host to insert it at the cursor or open it in a new file; a
 *   change block's, to review, apply or compare it, or the table to review its reply; arrow keys move between the
 *   toolbar's buttons (one Tab stop per toolbar).
 *
 * The list is a polite live region for *new messages*: a streaming bubble is `aria-busy`, so its per-token
 * updates are not read out one by one.
 *
 * The list renders when the order of messages changes; each message renders from its own signal, so a streamed
 * delta re-renders one bubble, never the list. Only a window of the newest messages is rendered at first, and older
 * ones as the user scrolls, pages or tabs up to them (see `useMessageWindow`), so a thread of any length opens as
 * fast as a short one. Rendered messages sit in groups the browser skips while off screen (see `messageGroups`), so
 * what a streamed delta costs the browser does not grow with how far up the user has read either. An Independent
 * or Council turn's first reply has the turn's header before it (`PlanViews.heads`, which changes with the order);
 * the header renders from its plan's summary alone.
 */
export function MessageList({ chat, render }: { chat: ChatModel; render: RenderMarkdown | undefined }) {
  const listRef = useRef<HTMLDivElement>(null);
  // Everything the list scrolls, in one element: its size changes with the content's (see `useFollowContent`).
  const contentRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  // Where following last put the list: the user moving up from there stops following (see `followsAfterScroll`).
  const followedTo = useRef(0);
  // Shown while the user has scrolled up: a way back to the newest message (and to following it again).
  const [away, setAway] = useState(false);
  const lastCount = useRef(0);
  const order = chat.replica.order.value;
  const participants = chat.participantsById.value;
  const heads = chat.planViews.heads.value;
  const groups = chat.addressableGroups.value;
  // One array for every message, the same until the table changes, so a list render leaves the messages alone.
  const groupChoices = useMemo(
    () => groups.map((g): Choice => ({ id: g.id, label: groupLabel(g, participants) })),
    [groups, participants],
  );
  // Not subscribed: another thread always comes with another order, which renders the list.
  const threadId = chat.replica.thread.peek()?.id;
  // The host shows a thread's shell while it reads it (its messages follow in a state of their own).
  const opening = chat.replica.thread.value?.opening === true;
  const toEnd = () => {
    if (listRef.current) scrollToEnd(listRef.current, followedTo);
  };
  const shown = useMessageWindow(listRef, threadId, order, stickToBottom, toEnd);
  // While following, whatever grows the content after a render (a lazy chunk, an image, highlighting) keeps the end
  // in view too: the effect below only runs when the thread's state changes.
  useFollowContent(contentRef, stickToBottom, toEnd);

  // Follow new content while the user is at the bottom; a message they just sent always brings them there.
  // A signal effect: it runs on every change of the newest message without re-rendering the list.
  // The council's views arriving (a lazy chunk, after the first paint of a thread that has them) add rows and
  // tables: followed the same way. Where `ResizeObserver` exists, it follows the resulting growth as well; this
  // effect still decides when following starts again (the user's own message) and is all there is without it.
  useSignalEffect(() => {
    councilViews.loaded.value;
    const ids = chat.replica.order.value;
    const last = chat.replica.message(ids.at(-1) ?? '')?.value;
    if (ids.length > lastCount.current && last?.role === 'user') stickToBottom.current = true;
    lastCount.current = ids.length;
    if (!stickToBottom.current) return;
    // After the bubble has rendered the change.
    requestAnimationFrame(() => {
      const list = listRef.current;
      if (list && stickToBottom.current) scrollToEnd(list, followedTo);
    });
  });

  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const anchor = event.target.closest('a[href]');
    if (anchor) {
      event.preventDefault();
      event.stopPropagation();
      chat.openLink(anchor.getAttribute('href') ?? '');
      return;
    }
    const action = event.target.closest('.code-block button[data-action]');
    if (!(action instanceof HTMLButtonElement)) return;
    const block = action.closest('.code-block');
    const code = block?.querySelector('pre > code')?.textContent ?? '';
    const name = action.dataset.action ?? '';
    const messageId = action.closest('[data-message-id]')?.getAttribute('data-message-id') ?? '';
    if (name === 'copy-code') void copyCode(action, code);
    else if (name === 'insert-code') chat.insertCode(code);
    else if (name === 'new-file-code') chat.openCodeInNewFile(code, block?.getAttribute('data-language') ?? '');
    else if (name === 'ask-change') chat.review(messageId);
    else chat.change(name, { info: block?.getAttribute('data-info') ?? '', code }, messageId);
  };

  // Middle-click would otherwise try to open the link in a new browser tab inside the webview.
  const onAuxClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
  };

  const jumpToLatest = () => {
    const list = listRef.current;
    if (!list) return;
    stickToBottom.current = true;
    setAway(false);
    // Back to the window a thread opens with (the DOM of what the user read above goes), at its end.
    shown.showLatest();
    scrollToEnd(list, followedTo);
  };

  return (
    <div class="message-pane">
      <div
        ref={listRef}
        class="message-list"
        data-testid="message-list"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label="Conversation"
        aria-busy={opening ? 'true' : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable log must be reachable by keyboard to scroll it.
        tabIndex={0}
        onScroll={(event) => {
          const list = event.currentTarget;
          stickToBottom.current = followsAfterScroll(list, followedTo.current, stickToBottom.current);
          if (away === stickToBottom.current) setAway(!stickToBottom.current);
          shown.onScroll();
        }}
        onFocusIn={shown.onFocusIn}
        onClick={onClick}
        onAuxClick={onAuxClick}
        onKeyDown={moveInToolbar}
      >
        <div ref={contentRef} class="message-list-content">
          <TermsSlot chat={chat} />
          {order.length === 0 ? (
            opening ? (
              <p class="empty-hint opening-hint" data-testid="opening-hint">
                Opening the thread…
              </p>
            ) : (
              <p class="empty-hint">
                No messages yet. Say something to the table; @-mention a participant to pick who answers.
              </p>
            )
          ) : (
            shown.start > 0 && (
              <button
                type="button"
                class="show-earlier button-secondary"
                data-testid="show-earlier"
                onClick={shown.showEarlier}
              >
                Show earlier messages ({shown.start.toLocaleString('en-US')} more)
              </button>
            )
          )}
          {order.length > 0 &&
            windowGroups(order, shown.start, GROUP_SIZE, shown.offset).map(({ index, ids }, at, all) => (
              // A group's thread and index are its identity: appended messages join the last group or start a new
              // one, older ones rendered in join the first or come in new groups before it, and another thread gets
              // new groups (which do not keep the sizes of the last thread's). New messages only ever join the last
              // group: the others are not live, so older messages rendering in are not read out as new ones.
              <div
                key={`${threadId}:${index}`}
                class="message-group"
                style={GROUP_STYLE}
                aria-live={at < all.length - 1 ? 'off' : undefined}
              >
                {ids.flatMap((id) => {
                  const message = chat.replica.message(id);
                  if (!message) return [];
                  const planId = heads.get(id);
                  const item = (
                    <MessageItem
                      key={id}
                      message={message}
                      participants={participants}
                      actions={chat}
                      render={render}
                      groups={groupChoices}
                      views={chat.planViews}
                    />
                  );
                  return planId
                    ? [<PlanHeader key={`plan:${planId}`} planId={planId} views={chat.planViews} />, item]
                    : [item];
                })}
              </div>
            ))}
        </div>
      </div>
      {away && order.length > 0 && (
        <button type="button" class="jump-latest button-secondary" data-testid="jump-latest" onClick={jumpToLatest}>
          Jump to latest
        </button>
      )}
    </div>
  );
}

/** Shows the list's end, and remembers where that is (see `followsAfterScroll`). */
function scrollToEnd(list: HTMLElement, followedTo: { current: number }): void {
  list.scrollTop = list.scrollHeight;
  followedTo.current = list.scrollTop;
}

async function copyCode(button: HTMLButtonElement, code: string): Promise<void> {
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

/**
 * Arrow keys inside a toolbar (a code block's, a message's) move the focus between its buttons, wrapping, and keep
 * a single Tab stop on the last one focused (a roving tabindex).
 */
export function moveInToolbar(event: KeyboardEvent): void {
  const keys: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const step = keys[event.key];
  const toolbar = event.target instanceof Element ? event.target.closest('[role="toolbar"]') : null;
  if (step === undefined && event.key !== 'Home' && event.key !== 'End') return;
  if (!toolbar || !(event.target instanceof HTMLButtonElement)) return;
  const buttons = [...toolbar.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
  const at = buttons.indexOf(event.target);
  if (at === -1) return;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (step ?? 0) + buttons.length) % buttons.length;
  event.preventDefault();
  for (const [i, button] of buttons.entries()) button.tabIndex = i === next ? 0 : -1;
  buttons[next]?.focus();
}
