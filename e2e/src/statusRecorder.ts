import type { Frame } from 'playwright-core';

/** What one message looked like at one moment: its data-status and how much text its body held. */
export interface MessageSnapshot {
  readonly status: string;
  readonly contentLength: number;
}

/** Per data-message-id, every distinct state the DOM passed through, in order. */
export type StatusHistory = Record<string, MessageSnapshot[]>;

/**
 * Records message states from inside the webview with a MutationObserver, so a test can prove a reply streamed
 * (a `streaming` status or a growing body before `complete`) without any timing assumption: the observer runs after
 * every DOM change, and the fake proxy sends its reply in several chunks. Install it before sending; it lives until
 * the frame is replaced.
 */
export async function installStatusRecorder(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const target = window as unknown as { __roundtableStatusHistory?: Record<string, unknown[]> };
    if (target.__roundtableStatusHistory) return;
    const history: Record<string, { status: string; contentLength: number }[]> = {};
    target.__roundtableStatusHistory = history;
    const record = () => {
      for (const message of document.querySelectorAll<HTMLElement>('[data-testid="message"]')) {
        const id = message.dataset.messageId ?? '?';
        const status = message.dataset.status ?? '?';
        const content = message.querySelector('[data-testid="message-content"]');
        const contentLength = content?.textContent?.length ?? 0;
        const seen = history[id] ?? [];
        history[id] = seen;
        const last = seen.at(-1);
        if (!last || last.status !== status || last.contentLength !== contentLength) {
          seen.push({ status, contentLength });
        }
      }
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

export async function readStatusHistory(frame: Frame): Promise<StatusHistory> {
  return frame.evaluate(
    () => (window as unknown as { __roundtableStatusHistory?: StatusHistory }).__roundtableStatusHistory ?? {},
  );
}

/** True when the message was seen unfinished: with status `streaming`, or complete-looking text that was still growing. */
export function sawStreaming(snapshots: readonly MessageSnapshot[]): boolean {
  const completeAt = snapshots.findIndex((snapshot) => snapshot.status === 'complete');
  const before = completeAt === -1 ? snapshots : snapshots.slice(0, completeAt);
  const finalLength = snapshots.at(-1)?.contentLength ?? 0;
  return before.some(
    (snapshot) =>
      snapshot.status === 'streaming' || (snapshot.contentLength > 0 && snapshot.contentLength < finalLength),
  );
}
