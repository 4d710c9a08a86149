import { Emitter } from '@roundtable/core/base/event';
import type { TermsNoticeForm } from '@roundtable/core/protocol';

/** The part of VS Code's global state this needs (a Memento). */
export interface GlobalState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

// Kept under its first name: a machine where the notice was dismissed before it had a line keeps it folded.
const KEY = 'roundtable.termsNoticeDismissed';

/**
 * How the Terms-of-Service notice shows: in full until the user dismisses it or sends a first message in any view,
 * then as its one line, on this machine for good (VS Code's global state). Every view of this window folds it at once.
 */
export class TermsNoticeState {
  private readonly emitter = new Emitter<TermsNoticeForm>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly state: GlobalState) {}

  get current(): TermsNoticeForm {
    return this.state.get<boolean>(KEY) === true ? 'line' : 'full';
  }

  /** Folds the notice to its line: the views hear it at once, and it is remembered for the next window and start. */
  async dismiss(): Promise<void> {
    if (this.current === 'line') return;
    await this.state.update(KEY, true);
    this.emitter.fire('line');
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
