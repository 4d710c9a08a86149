import { FIX_LABELS } from '@roundtable/core/present';
import type { ChatModel } from '../models/ChatModel';
import { Icon } from './icons';
import './NoticeBar.css';

/**
 * The host's answer to a request of the shown thread when the user should read it: a refusal (with what helps, when
 * something does: what fixes a seat, such as Sign in; Insert at Cursor and Review change for the block Apply would not replace a file with), or
 * a note. Dismissible; it goes by itself once it is no longer true (`Notices`).
 */
export function NoticeBar({ chat }: { chat: ChatModel }) {
  const notice = chat.notice.value;
  if (!notice) return null;
  const { action, change } = notice;
  return (
    <div
      class={`notice notice--${notice.kind}`}
      data-testid="notice"
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <span class="notice-text">{notice.text}</span>
      <span class="notice-actions">
        {action && action.kind !== 'insertOrReview' ? (
          <button type="button" class="link-button" onClick={() => chat.fixSeat(action.participantId)}>
            {FIX_LABELS[action.kind]}
          </button>
        ) : null}
        {action?.kind === 'insertOrReview' && change ? (
          <>
            <button type="button" class="link-button" onClick={() => chat.insertCode(change.code)}>
              Insert at Cursor
            </button>
            <button type="button" class="link-button" onClick={() => chat.change('review-change', change, '')}>
              Review change
            </button>
          </>
        ) : null}
        <button type="button" class="link-button icon-button" aria-label="Dismiss" onClick={() => chat.dismissNotice()}>
          <Icon name="close" />
        </button>
      </span>
    </div>
  );
}
