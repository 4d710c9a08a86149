import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import type { ComposerModel } from '../models/ComposerModel';
import { ContextChips } from './ContextChips';
import { Icon } from './icons';
import { AttachImage, acceptDrops, ImageChips, takeImages } from './lazyImages';
import { MentionMenu } from './MentionMenu';
import { TargetChip } from './TargetChip';
import { TurnCostLine } from './TurnCostLine';
import './Composer.css';

/**
 * The message box, keyboard first:
 * - Enter sends, Shift+Enter is a new line; a key that belongs to an IME composition (`isComposing`, or keyCode 229,
 *   which some engines report instead) never acts;
 * - `@` opens the autocomplete of who can be addressed, `#` and a name the workspace's files (the chosen one becomes
 *   a chip; the `#name` leaves the text): arrows move, Enter or Tab take, Escape closes;
 * - Escape stops a reply that is coming in; ArrowUp in an empty box brings back the last message sent here;
 * - while a turn runs, Stop takes the Send button's place (same element, so keyboard focus stays on it).
 */
export function Composer({ chat, composer }: { chat: ChatModel; composer: ComposerModel }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Dropped files: listened for on the element (not through JSX) so a page without `ondrop` on elements hears it too.
  useLayoutEffect(() => acceptDrops(form.current, chat), [chat]);
  const caretAfterRender = useRef<number | undefined>(undefined);
  const draft = composer.draft.value;
  const problem = composer.problem.value;
  const menu = composer.menu.value;
  const busy = chat.busy.value;
  const hasContext = chat.attached.value;

  // After an autocomplete choice rewrote the draft, put the caret after the inserted name.
  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === undefined || !input.current) return;
    caretAfterRender.current = undefined;
    input.current.setSelectionRange(at, at);
  });

  // The host asked for the keyboard (the focus command or its keybinding).
  const focusRequests = chat.focusRequests.value;
  useLayoutEffect(() => {
    if (focusRequests > 0) input.current?.focus();
  }, [focusRequests]);

  const take = (index?: number) => {
    caretAfterRender.current = composer.acceptMention(index);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.keyCode === 229) return;
    if (menu) {
      const keys: Record<string, () => void> = {
        ArrowDown: () => composer.moveActive(1),
        ArrowUp: () => composer.moveActive(-1),
        Enter: () => take(),
        Tab: () => take(),
        Escape: () => composer.dismissMenu(),
      };
      const act = event.shiftKey ? undefined : keys[event.key];
      if (act) {
        event.preventDefault();
        event.stopPropagation();
        act();
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      composer.submit();
    } else if (event.key === 'Escape' && busy) {
      event.preventDefault();
      chat.stop();
    } else if (event.key === 'ArrowUp' && composer.recall()) {
      event.preventDefault();
    }
  };

  const trackCaret = (event: Event) => {
    const area = event.currentTarget as HTMLTextAreaElement;
    if (area.selectionStart !== composer.caret.peek()) composer.moveCaret(area.selectionStart);
  };

  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        composer.submit();
      }}
      ref={form}
      onPaste={(event) => takeImages(event, event.clipboardData, chat)}
    >
      {menu && <MentionMenu menu={menu} onPick={take} />}
      <ContextChips chat={chat} />
      {chat.replica.images.value.length > 0 && <ImageChips chat={chat} />}
      <label class="visually-hidden" for="composer-input">
        Message
      </label>
      <textarea
        ref={input}
        id="composer-input"
        class="composer-input"
        data-testid="composer-input"
        rows={3}
        placeholder="Message the table: @ to address someone, # to add a file, Enter to send"
        value={draft}
        // A textbox that autocompletes (not role="combobox", which ARIA does not allow on a textarea, nor the
        // aria-expanded only a combobox takes): while the menu is open it names the listbox it drives and the
        // highlighted entry, which screen readers announce as the arrows move; keyboard focus stays in the box.
        aria-autocomplete="list"
        aria-controls={menu ? 'mention-menu' : undefined}
        aria-activedescendant={menu ? `mention-${menu.candidates[menu.active]?.id}` : undefined}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? 'composer-problem' : undefined}
        onInput={(event) => composer.setDraft(event.currentTarget.value, event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onKeyUp={trackCaret}
        onClick={trackCaret}
      />
      {problem && (
        <p id="composer-problem" class="composer-problem" role="alert">
          {problem}
        </p>
      )}
      <div class="composer-actions">
        <TargetChip chat={chat} composer={composer} />
        <AttachImage chat={chat} />
        {/* A narrow row shows only their icons: the name stays in aria-label. */}
        {busy ? (
          <button
            type="button"
            class="button-secondary composer-button"
            data-testid="stop"
            aria-label="Stop"
            title="Stop (Escape)"
            onClick={() => chat.stop()}
          >
            <Icon name="stop" />
            <span class="composer-button-word">Stop</span>
          </button>
        ) : (
          <button
            type="submit"
            class="composer-button"
            data-testid="send"
            aria-label="Send"
            title="Send (Enter)"
            disabled={draft.trim() === '' && !hasContext}
          >
            <Icon name="send" />
            <span class="composer-button-word">Send</span>
          </button>
        )}
      </div>
      <TurnCostLine chat={chat} />
    </form>
  );
}
