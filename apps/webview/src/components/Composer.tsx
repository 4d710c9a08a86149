import type { ComposerModel } from '../models/ComposerModel';

/**
 * Multiline input. Enter sends, Shift+Enter inserts a newline, and a key press that belongs to an IME
 * composition (`isComposing`, or keyCode 229 which some engines report instead) never sends. While a turn
 * runs, Stop takes the Send button's place (same element, so keyboard focus stays on it).
 */
export function Composer({ composer, busy, onStop }: { composer: ComposerModel; busy: boolean; onStop: () => void }) {
  const draft = composer.draft.value;
  const problem = composer.problem.value;
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        composer.submit();
      }}
    >
      <label class="visually-hidden" for="composer-input">
        Message
      </label>
      <textarea
        id="composer-input"
        class="composer-input"
        data-testid="composer-input"
        rows={3}
        placeholder="Message the table (Enter to send, Shift+Enter for a new line)"
        value={draft}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? 'composer-problem' : undefined}
        onInput={(event) => composer.setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
          event.preventDefault();
          composer.submit();
        }}
      />
      {problem && (
        <p id="composer-problem" class="composer-problem" role="alert">
          {problem}
        </p>
      )}
      <div class="composer-actions">
        {busy ? (
          <button type="button" class="button-secondary" data-testid="stop" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" data-testid="send" disabled={draft.trim() === ''}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
