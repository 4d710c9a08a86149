import { Emitter } from '@roundtable/core/base/event';

/** The part of VS Code's global state this needs (a Memento). */
export interface GlobalState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const KEY = 'roundtable.termsNoticeDismissed';

/**
 * Whether the first-run Terms-of-Service notice is still to be shown: until the user dismisses it in any view, then
 * never again on this machine (VS Code's global state). Every view of this window hides it at once.
 */
export class TermsNoticeState {
  private readonly emitter = new Emitter<boolean>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly state: GlobalState) {}

  get current(): boolean {
    return this.state.get<boolean>(KEY) !== true;
  }

  async dismiss(): Promise<void> {
    if (!this.current) return;
    await this.state.update(KEY, true);
    this.emitter.fire(false);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
