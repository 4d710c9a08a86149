import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { isAbsent } from '@roundtable/core/present';
import type { ProposedChange, RefusalAction, SeatMap, WebviewIntent } from '@roundtable/core/protocol';

/**
 * Something the host answered that the user should read: a refusal (maybe with what to do), or a note on success.
 * `change` is the change block a refused Apply was for, when the refusal offers to insert or review it instead.
 */
export interface Notice {
  kind: 'error' | 'info';
  text: string;
  action?: RefusalAction | undefined;
  change?: ProposedChange | undefined;
}

/** How the host answered one intent. */
export type IntentAnswer = { ok: true; notice?: string } | { ok: false; reason: string; action?: RefusalAction };

interface HeldNotice extends Notice {
  /** The thread shown when the intent was posted. */
  threadId: string | undefined;
  intent: WebviewIntent['type'];
}

/**
 * The notice above the message box, kept only while it is true.
 *
 * Invariants: a notice belongs to the thread shown when its intent was posted, and is never shown with another one
 * (it is dropped when the view shows another thread, and one answered after the switch is not shown); it goes
 * away when the next intent of its kind succeeds; a refusal that offers to fix a seat goes away once that seat can
 * answer again.
 */
export class Notices {
  private readonly held = signal<HeldNotice | undefined>(undefined);

  /** What the bar shows now. */
  readonly current: ReadonlySignal<Notice | undefined> = computed(() => {
    const held = this.held.value;
    const action = held?.action;
    const fixable = action && 'participantId' in action ? isAbsent(this.seats.value[action.participantId]) : true;
    return held && held.threadId === this.shownThread.value && fixable ? held : undefined;
  });

  constructor(
    private readonly shownThread: ReadonlySignal<string | undefined>,
    private readonly seats: ReadonlySignal<SeatMap>,
  ) {}

  /** The host answered `asked` (an intent, or only its type), posted while `threadId` was shown. */
  answered(asked: WebviewIntent | WebviewIntent['type'], threadId: string | undefined, answer: IntentAnswer): void {
    const intent = typeof asked === 'string' ? asked : asked.type;
    const change = typeof asked === 'object' && asked.type === 'change/apply' ? asked.payload : undefined;
    const held = this.held.peek();
    if (!answer.ok) {
      this.held.value = { kind: 'error', text: answer.reason, action: answer.action, change, threadId, intent };
    } else if (answer.notice) this.held.value = { kind: 'info', text: answer.notice, threadId, intent };
    else if (held?.intent === intent && held.threadId === threadId) this.held.value = undefined;
  }

  /** The view shows `threadId` now: a notice of another thread is over. */
  threadShown(threadId: string | undefined): void {
    if (this.held.peek()?.threadId !== threadId) this.held.value = undefined;
  }

  dismiss(): void {
    this.held.value = undefined;
  }
}
