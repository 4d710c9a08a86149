import { PROTOCOL_VERSION, type WebviewIntent } from '@roundtable/core/protocol';
import type { IntentAnswer } from './Notices';

export type IntentType = WebviewIntent['type'];
export type IntentPayload<T extends IntentType> = Extract<WebviewIntent, { type: T }>['payload'];
/** What to do with the host's answer to an intent. */
export type Done = (answer: IntentAnswer) => void;

/** An intent this page posted and the host has not answered yet, with the thread shown when it was made. */
export interface PendingIntent {
  intent: WebviewIntent;
  threadId: string | undefined;
  onDone?: Done | undefined;
}

/**
 * The page's intents awaiting the host's `request/done`. Invariant: each intent gets a request id no other intent
 * of this page had, and each answer settles (and forgets) at most the one intent of its id.
 */
export class IntentRequests {
  private readonly pending = new Map<string, PendingIntent>();
  private made = 0;

  /** A new intent, remembered until its answer: `threadId` is the thread the user was looking at. */
  make<T extends IntentType>(
    type: T,
    payload: IntentPayload<T>,
    threadId: string | undefined,
    onDone?: Done,
  ): WebviewIntent {
    const intent = { v: PROTOCOL_VERSION, type, requestId: `q${++this.made}`, payload } as WebviewIntent;
    this.pending.set(intent.requestId, { intent, threadId, onDone });
    return intent;
  }

  /** The intent `requestId` answers, forgotten from now on; undefined for an id this page never made. */
  settle(requestId: string): PendingIntent | undefined {
    const request = this.pending.get(requestId);
    this.pending.delete(requestId);
    return request;
  }
}
