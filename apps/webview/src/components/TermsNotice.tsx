import type { ChatModel } from '../models/ChatModel';
import './TermsNotice.css';

/** The first-run notice, above the transcript until the user dismisses it (once, for every view and window). */
export function TermsNotice({ chat }: { chat: ChatModel }) {
  if (!chat.replica.termsNotice.value) return null;
  return (
    <section class="terms-notice" data-testid="terms-notice" aria-labelledby="terms-notice-title">
      <h2 id="terms-notice-title" class="terms-notice-title">
        Before you start
      </h2>
      <p>
        Roundtable reaches models through your consumer subscriptions (Claude, ChatGPT, Gemini and others) by way of
        CLIProxyAPI. Using a subscription outside its provider's official apps may violate that provider's Terms of
        Service and can lead to rate limiting or suspension of the account. You proceed at your own discretion.
      </p>
      <button type="button" class="button-secondary" onClick={() => chat.dismissTerms()}>
        I understand
      </button>
    </section>
  );
}
