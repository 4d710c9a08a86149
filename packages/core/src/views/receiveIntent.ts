import * as v from 'valibot';
import { errorMessage } from '../base/errors';
import { type IntentResult, refuse } from '../orchestrator/result';
import { describeInvalidMessage } from '../protocol/common';
import type { HostPayload } from '../protocol/hostToWebview';
import { WebviewToHost } from '../protocol/webviewToHost';
import { handleIntent, type IntentView } from './handleIntent';
import type { ChatViewDeps } from './viewPorts';

// What carrying out the page's intents takes, loaded with the first intent a page sends: their schemas (every message
// is validated before anything is done), their handler, and how each is answered. A window's first state needs none.

export { handleIntent } from './handleIntent';

/** What answering an intent needs of its view beyond `IntentView`. */
export interface IntentAnswers {
  /** Resolves once the view's thread is chosen and loaded: every intent waits for it. */
  ready(): Promise<void>;
  answer(done: HostPayload<'request/done'>): void;
}

/**
 * One message from the page that is not one of its signals: validated (an invalid one is logged and dropped), carried
 * out (`handleIntent`; a handler that throws is a refusal that says so, and an error in the log), and answered with
 * exactly one `request/done`: done, with any note, or refused, with why and what would fix it.
 */
export async function receiveIntent(
  raw: unknown,
  view: IntentView,
  deps: ChatViewDeps,
  answers: IntentAnswers,
): Promise<void> {
  const parsed = v.safeParse(WebviewToHost, raw);
  if (!parsed.success) {
    deps.logger.warn(`Webview: ${describeInvalidMessage(raw, parsed.issues)}`);
    return;
  }
  const message = parsed.output;
  if (!('requestId' in message)) return; // a signal: the view handles those before it loads this
  let result: IntentResult;
  try {
    await answers.ready();
    result = await handleIntent(message, view, deps);
  } catch (error) {
    const text = errorMessage(error);
    deps.logger.error(`Handling "${message.type}" failed: ${error instanceof Error ? (error.stack ?? text) : text}`);
    result = refuse(`Roundtable could not do that: ${text}`);
  }
  if (!result.ok) deps.logger.info(`Request "${message.type}" refused: ${result.reason}`);
  const { requestId } = message;
  answers.answer(
    result.ok
      ? { requestId, ok: true, ...(result.notice ? { notice: result.notice } : {}) }
      : { requestId, ok: false, reason: result.reason, ...(result.action ? { action: result.action } : {}) },
  );
}
