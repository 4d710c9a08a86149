import './TermsNotice.css';

/**
 * The Terms-of-Service notice's whole text, loaded only when it shows (first run, or its line opened). Its button is
 * the slot's (`TermsSlot`), which knows which one it is and where the focus goes.
 */
export function TermsNoticeText() {
  return (
    <>
      <h2 id="terms-notice-title" class="terms-notice-title">
        Before you start
      </h2>
      <p>
        Roundtable reaches models through your consumer subscriptions (Claude, ChatGPT, Gemini and others) by way of
        CLIProxyAPI. Using a subscription outside its provider's official apps may violate that provider's Terms of
        Service and can lead to rate limiting or suspension of the account. You proceed at your own discretion.
      </p>
    </>
  );
}
