import type { ChatModel } from '../models/ChatModel';
import './NoticeBar.css';

/** The host's answer to the last request when the user should read it: a refusal, or a note. Dismissible. */
export function NoticeBar({ chat }: { chat: ChatModel }) {
  const notice = chat.notice.value;
  if (!notice) return null;
  return (
    <div
      class={`notice notice--${notice.kind}`}
      data-testid="notice"
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <span class="notice-text">{notice.text}</span>
      <button type="button" class="link-button" aria-label="Dismiss" onClick={() => chat.dismissNotice()}>
        ×
      </button>
    </div>
  );
}
