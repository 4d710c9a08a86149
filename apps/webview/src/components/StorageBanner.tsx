import type { ChatModel } from '../models/ChatModel';
import './StorageBanner.css';

/**
 * What could not be saved or read, until it is fixed: a thread whose save failed (with the reason, Retry and
 * Reveal in folder; nothing in memory is lost meanwhile) and thread files that cannot be read (with Reveal).
 */
export function StorageBanner({ chat }: { chat: ChatModel }) {
  const problems = chat.replica.saveProblems.value;
  const unreadable = chat.replica.threads.value.filter((t) => t.unreadable);
  if (problems.length === 0 && unreadable.length === 0) return null;
  return (
    <section class="storage-banner" aria-label="Storage problems">
      {problems.map((p) => (
        <div key={p.threadId} class="storage-problem" role="alert" data-testid="save-problem">
          <span class="storage-text">
            <strong>Not saved:</strong> “{p.title}”: {p.reason}
            <span class="storage-hint"> (kept in memory, retried automatically)</span>
          </span>
          <span class="storage-actions">
            <button type="button" class="link-button" onClick={() => chat.retrySave(p.threadId)}>
              Retry
            </button>
            <button type="button" class="link-button" onClick={() => chat.reveal(p.threadId)}>
              Reveal in folder
            </button>
          </span>
        </div>
      ))}
      {unreadable.length > 0 && (
        // Unreadable files stay until the user deals with them, so they sit folded: one line, details on demand.
        <details class="storage-problem storage-problem--unreadable" data-testid="unreadable-threads">
          <summary>
            {unreadable.length === 1
              ? '1 thread file cannot be read'
              : `${unreadable.length} thread files cannot be read`}
          </summary>
          {unreadable.map((t) => (
            <div key={t.id} class="storage-unreadable" data-testid="unreadable-thread">
              <span class="storage-text">
                {t.title}: {t.unreadable}
              </span>
              <button type="button" class="link-button" onClick={() => chat.reveal(t.id)}>
                Reveal in folder
              </button>
            </div>
          ))}
        </details>
      )}
    </section>
  );
}
