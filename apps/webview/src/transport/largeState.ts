/** A `view/state` with more messages than this arrives at the listeners in two steps (see `HostMessageDispatcher`). */
export const LARGE_STATE_MESSAGES = 1_000;

/** How many of the newest messages the first step carries: more than the list shows when a thread opens. */
export const FIRST_STEP_MESSAGES = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * When `raw` claims to be a `view/state` of more than `LARGE_STATE_MESSAGES` messages for a thread other than
 * `shownThreadId`: a copy of it (still raw, to be validated) with its newest `FIRST_STEP_MESSAGES` messages only.
 * Otherwise undefined. A state for the thread shown (a resync) is never cut: its older messages may be on screen.
 */
export function newestOfLargeState(raw: unknown, shownThreadId: string | undefined): unknown {
  if (!isRecord(raw) || raw.type !== 'view/state' || !isRecord(raw.payload)) return undefined;
  if (raw.threadId === shownThreadId) return undefined;
  const thread = raw.payload.thread;
  if (!isRecord(thread) || !Array.isArray(thread.messages)) return undefined;
  if (thread.messages.length <= LARGE_STATE_MESSAGES) return undefined;
  const messages = thread.messages.slice(-FIRST_STEP_MESSAGES);
  return { ...raw, payload: { ...raw.payload, thread: { ...thread, messages } } };
}

/**
 * Runs `fn` once, after the next frame has been painted (a task posted from an animation frame), or after
 * `fallbackMs` if no frame comes first (a hidden webview gets no animation frames).
 */
export function afterPaint(fn: () => void, fallbackMs = 250): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    fn();
  };
  const fallback = setTimeout(once, fallbackMs);
  requestAnimationFrame(() => setTimeout(once, 0));
}
