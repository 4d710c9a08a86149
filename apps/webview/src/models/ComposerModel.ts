import { effect, signal } from '@preact/signals';
import { MAX_USER_TEXT_CHARS } from '@roundtable/core/protocol';
import type { UiStateStore } from '../transport/HostTransport';
import type { ChatModel } from './ChatModel';

const count = new Intl.NumberFormat('en-US');

/**
 * The composer's draft: the webview's only own state. It is persisted on every change through the
 * `UiStateStore`, so hiding and re-showing the view (which reloads the page) keeps what the user typed.
 */
export class ComposerModel {
  readonly draft = signal('');
  /** A readable reason the last submit was refused, shown under the textarea until the draft changes. */
  readonly problem = signal<string | undefined>(undefined);

  private readonly stopPersisting: () => void;

  constructor(
    private readonly chat: ChatModel,
    store: UiStateStore,
  ) {
    this.draft.value = store.load().draft;
    this.stopPersisting = effect(() => {
      store.save({ draft: this.draft.value });
    });
  }

  setDraft(text: string): void {
    this.draft.value = text;
    this.problem.value = undefined;
  }

  /** Sends the draft; clears it only when it was actually sent. */
  submit(): boolean {
    const text = this.draft.peek();
    const result = this.chat.send(text, () => {
      // The host refused it (the notice says why): give the text back unless something new was typed.
      if (this.draft.peek() === '') this.draft.value = text;
    });
    if (result === 'sent') {
      this.draft.value = '';
      this.problem.value = undefined;
      return true;
    }
    if (result === 'tooLong') {
      this.problem.value = `This message has ${count.format(text.length)} characters; the limit is ${count.format(MAX_USER_TEXT_CHARS)}. Shorten it or split it into several messages.`;
    }
    return false;
  }

  dispose(): void {
    this.stopPersisting();
  }
}
