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

  messages(filter: { speaker?: string; status?: MessageStatus; hasText?: string } = {}): Locator {
    const speaker = filter.speaker ? `[data-speaker="${filter.speaker}"]` : '';
    const status = filter.status ? `[data-status="${filter.status}"]` : '';
    const selector = `[data-testid="message"]${speaker}${status}`;
    return filter.hasText === undefined
      ? this.frame.locator(selector)
      : this.frame.locator(selector, { hasText: filter.hasText });
  }

  get threadSelect(): Locator {
    return this.frame.locator('[data-testid="thread-select"]');
  }

  /** Clicks New thread and waits for the empty thread. */
  async newThread(): Promise<void> {
    await this.frame.locator('[data-testid="new-thread"]').click();
    await this.frame.locator('.empty-hint').waitFor();
  }

  /** Picks the thread whose entry in the switcher contains `text`, and waits until it is shown. */
  async openThread(text: string): Promise<void> {
    const option = this.threadSelect.locator('option', { hasText: text }).first();
    const value = await option.getAttribute('value');
    if (!value) throw new Error(`no thread entry with "${text}"`);
    await this.threadSelect.selectOption(value);
    await this.frame
      .locator(`[data-testid="thread-select"]`)
      .and(this.frame.locator(`:has(option[value="${value}"]:checked)`))
      .waitFor();
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
