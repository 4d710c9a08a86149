import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import { termsNotice } from './lazyViews';
import './TermsSlot.css';

/**
 * Where the Terms-of-Service notice sits: the top of the conversation, above the first message, scrolling with it.
 * In full until the user dismisses it or sends a message (the host remembers which, for every view); then one line
 * whose "More" opens the whole text in the same place, and "Show less" folds it back. The line is in the page's own
 * code (every thread shows it); the whole text loads when it is shown, and the notice shows once it has.
 *
 * The keyboard stays where the user was: opening puts the focus on "Show less", folding or dismissing on "More" (the
 * button that had it is gone either way).
 */
export function TermsSlot({ chat }: { chat: ChatModel }) {
  const form = chat.replica.termsNotice.value;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focusButton = useRef(false);
  useEffect(() => {
    if (!focusButton.current || !button.current) return;
    button.current.focus();
    focusButton.current = false;
  });
  const toggle = () => {
    focusButton.current = true;
    setOpen(!open);
  };
  if (!form) return null;
  if (form === 'line' && !open) {
    return (
      <p class="terms-line" data-testid="terms-line">
        <span class="terms-line-text">Subscriptions outside their official apps may break their Terms.</span>
        <button
          type="button"
          class="link-button"
          ref={button}
          aria-label="More about the Terms of Service"
          onClick={toggle}
        >
          More
        </button>
      </p>
    );
  }
  const text = termsNotice.current();
  if (!text) return null;
  return (
    <section class="terms-notice" data-testid="terms-notice" aria-labelledby="terms-notice-title">
      <text.TermsNoticeText />
      {form === 'full' ? (
        <button
          type="button"
          class="button-secondary"
          onClick={() => {
            focusButton.current = true;
            chat.dismissTerms();
          }}
        >
          I understand
        </button>
      ) : (
        <button type="button" class="button-secondary" ref={button} onClick={toggle}>
          Show less
        </button>
      )}
    </section>
  );
}
