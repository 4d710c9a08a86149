import type { FrameLocator, Locator, Page } from 'playwright-core';
import { openViewContainer, type WebviewMount, webviewFrame } from './workbench';

/** Message statuses of the webview's DOM contract (`data-status`). */
export type MessageStatus = 'complete' | 'streaming' | 'error' | 'cancelled' | 'deleted';

/**
 * The Roundtable chat webview, addressed only through its `data-testid` contract. Every getter returns a fresh
 * locator, so nothing goes stale when the webview's frame is replaced (on reload or an HTML reset).
 */
export class ChatView {
  constructor(
    private readonly page: Page,
    readonly extensionId: string,
    private readonly containerTitle = 'Roundtable',
    /** The sidebar view, or the same chat opened as an editor panel (`roundtable.open`). */
    private readonly mount: WebviewMount = 'view',
  ) {}

  get frame(): FrameLocator {
    return webviewFrame(this.page, this.extensionId, this.mount);
  }

  get composer(): Locator {
    return this.frame.locator('[data-testid="composer-input"]');
  }

  get sidecarStatus(): Locator {
    return this.frame.locator('[data-testid="sidecar-status"]');
  }

  get threadTitle(): Locator {
    return this.frame.locator('[data-testid="thread-title"]');
  }

  /** Opens the view from its activity-bar icon and waits until the app inside has rendered its composer. */
  async open(): Promise<void> {
    await openViewContainer(this.page, this.containerTitle);
    await this.composer.waitFor();
  }

  /** Dismisses the Terms-of-Service notice when it shows (a fresh profile), and waits until it is gone. */
  async dismissTermsNotice(): Promise<void> {
    const terms = this.frame.locator('[data-testid="terms-notice"]');
    if (!(await terms.isVisible())) return;
    await terms.getByRole('button', { name: 'I understand' }).click();
    await terms.waitFor({ state: 'detached' });
  }

  messages(filter: { speaker?: string; status?: MessageStatus; hasText?: string } = {}): Locator {
    const speaker = filter.speaker ? `[data-speaker="${filter.speaker}"]` : '';
    const status = filter.status ? `[data-status="${filter.status}"]` : '';
    const selector = `[data-testid="message"]${speaker}${status}`;
    return filter.hasText === undefined
      ? this.frame.locator(selector)
      : this.frame.locator(selector, { hasText: filter.hasText });
  }

  /** A button of the view's title bar (the sidebar's, or the editor tab's for the panel). */
  titleAction(name: 'New Thread' | 'Thread History'): Locator {
    const bar = this.mount === 'view' ? '.part.sidebar' : '.editor-actions';
    return this.page.locator(`${bar} .action-label[aria-label^="${name}"]:visible`);
  }

  /** Clicks New Thread in the title bar and waits for the empty thread. */
  async newThread(): Promise<void> {
    await this.titleAction('New Thread').click();
    await this.frame.locator('.empty-hint').waitFor();
  }

  /** Opens Thread History (a quick pick) and returns its rows. */
  async threadHistory(): Promise<Locator> {
    await this.titleAction('Thread History').click();
    const rows = this.page.locator('.quick-input-widget .monaco-list-row');
    await rows.first().waitFor();
    return rows;
  }

  /** Picks the thread whose history entry contains `text`, and waits until its title is shown. */
  async openThread(text: string): Promise<void> {
    const rows = await this.threadHistory();
    await rows.filter({ hasText: text }).first().click();
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await this.threadTitle.filter({ hasText: text }).waitFor();
  }

  /** The ids of the shown messages, in order. */
  async messageIds(): Promise<string[]> {
    return this.messages().evaluateAll((elements) => elements.map((el) => el.getAttribute('data-message-id') ?? ''));
  }

  /** Types like a person and presses Enter, which is how the composer sends. */
  async send(text: string): Promise<void> {
    await this.composer.click();
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }
}

/** The text of a message's body. */
export async function contentOf(message: Locator): Promise<string> {
  return (await message.locator('[data-testid="message-content"]').textContent()) ?? '';
}
