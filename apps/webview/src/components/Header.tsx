import type { ChatModel } from '../models/ChatModel';
import { StatusPill } from './StatusPill';

const UNTITLED = 'New conversation';

/** Thread title and switcher, proxy status and New thread. */
export function Header({ chat }: { chat: ChatModel }) {
  const { replica } = chat;
  const thread = replica.thread.value;
  const threads = replica.threads.value;
  const title = thread?.title.trim() || UNTITLED;
  const currentListed = threads.some((t) => t.id === thread?.id);
  const choices = threads.length + (currentListed ? 0 : 1);
  return (
    <header class="header">
      <div class="header-row">
        <h1 class="thread-title" data-testid="thread-title" title={title}>
          {title}
        </h1>
        <StatusPill status={replica.sidecar.value} onActivate={() => chat.sidecarActions()} />
      </div>
      <div class="header-row header-controls">
        {choices > 1 && thread && (
          <label class="field">
            <span>Thread</span>
            <select
              data-testid="thread-select"
              value={thread.id}
              onChange={(event) => chat.openThread(event.currentTarget.value)}
            >
              {!currentListed && <option value={thread.id}>{title}</option>}
              {threads.map((t) =>
                t.unreadable ? (
                  <option key={t.id} value={t.id} disabled data-unreadable="true" title={t.unreadable}>
                    {`⚠ ${t.title} (unreadable)`}
                  </option>
                ) : (
                  <option key={t.id} value={t.id} data-busy={t.busy ? 'true' : undefined}>
                    {t.busy ? `● ${t.title.trim() || UNTITLED} (replying)` : t.title.trim() || UNTITLED}
                  </option>
                ),
              )}
            </select>
          </label>
        )}
        <button type="button" class="button-secondary" data-testid="new-thread" onClick={() => chat.newThread()}>
          New thread
        </button>
      </div>
    </header>
  );
}
