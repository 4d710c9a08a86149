import type { ChatState } from '@roundtable/core/protocol';
import type { ChatModel } from '../models/ChatModel';
import { StatusPill } from './StatusPill';

/** Thread title and switcher, proxy status, the "speaking to" selector and New thread. */
export function Header({ chat, state }: { chat: ChatModel; state: ChatState }) {
  const enabled = chat.enabledParticipants.value;
  const target = state.defaultTarget ?? '';
  const targetKnown = enabled.some((p) => p.id === target);
  const title = state.transcript.title.trim() || 'New conversation';
  return (
    <header class="header">
      <div class="header-row">
        <h1 class="thread-title" data-testid="thread-title" title={title}>
          {title}
        </h1>
        <StatusPill status={state.sidecarStatus} />
      </div>
      <div class="header-row header-controls">
        <label class="field">
          <span>Speaking to</span>
          <select
            data-testid="target-select"
            value={targetKnown ? target : ''}
            disabled={enabled.length === 0}
            onChange={(event) => chat.setDefaultTarget(event.currentTarget.value)}
          >
            {!targetKnown && (
              <option value="" disabled>
                {enabled.length === 0 ? 'No participants enabled' : 'Choose…'}
              </option>
            )}
            {enabled.map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName}
              </option>
            ))}
          </select>
        </label>
        {state.threads.length > 1 && (
          <label class="field">
            <span>Thread</span>
            <select
              data-testid="thread-select"
              value={state.transcript.id}
              onChange={(event) => chat.switchThread(event.currentTarget.value)}
            >
              {!state.threads.some((t) => t.id === state.transcript.id) && (
                <option value={state.transcript.id}>{title}</option>
              )}
              {state.threads.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title.trim() || 'New conversation'}
                </option>
              ))}
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
