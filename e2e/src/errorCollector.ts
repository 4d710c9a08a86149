import type { ConsoleMessage, Page } from 'playwright-core';
import { readLogErrors } from './logFiles';
import { type CollectedError, codeServerNoise, isNoise, type NoiseRule } from './noise';

/**
 * Gathers every error a run produces: the page's console errors and uncaught exceptions (the workbench, the webview
 * frames, and the extension host's console, which the workbench mirrors as "[Extension Host] …"), plus `[error]`
 * entries in the server, extension-host and extension log files. Errors a test provokes on purpose are declared with
 * allow(); everything else that is not known code-server noise fails the suite.
 */
export class ErrorCollector {
  private readonly pageErrors: Promise<CollectedError>[] = [];
  private readonly rules: NoiseRule[];

  constructor(
    private readonly logsDir: string,
    private readonly extensionId: string,
    noise: readonly NoiseRule[] = codeServerNoise,
  ) {
    this.rules = [...noise];
  }

  attach(page: Page): void {
    page.on('console', (message) => {
      if (message.type() === 'error') this.pageErrors.push(describeConsoleError(message));
    });
    page.on('pageerror', (error) =>
      this.pageErrors.push(Promise.resolve({ source: 'pageerror', text: error.stack ?? error.message })),
    );
  }

  /** Declares an error a test causes on purpose (for example the proxy's 401), with the reason. */
  allow(rule: NoiseRule): void {
    this.rules.push(rule);
  }

  async all(): Promise<CollectedError[]> {
    return [...(await Promise.all(this.pageErrors)), ...readLogErrors(this.logsDir, this.extensionId)];
  }

  async unexpected(): Promise<CollectedError[]> {
    return (await this.all()).filter((error) => !isNoise(error, this.rules));
  }

  static format(errors: readonly CollectedError[]): string {
    return errors
      .map((error) => `[${error.source}] ${error.text}${error.where ? `\n  (in ${error.where})` : ''}`)
      .join('\n\n');
  }
}

/**
 * The message text, where it was logged, and the stack of any Error passed to console.error: the text alone
 * ("Canceled: Canceled") often cannot tell who raised it. The frame may be gone by the time the stack is read
 * (a reload), so that part is best effort.
 */
async function describeConsoleError(message: ConsoleMessage): Promise<CollectedError> {
  const { url, lineNumber } = message.location();
  const at = url ? ` (at ${url}:${lineNumber})` : '';
  const stacks = await Promise.all(
    message
      .args()
      .map((arg) => arg.evaluate((value) => (value instanceof Error ? value.stack : undefined)).catch(() => undefined)),
  );
  const stack = stacks.filter((s): s is string => typeof s === 'string' && !message.text().includes(s));
  return { source: 'console', text: [`${message.text()}${at}`, ...stack].join('\n') };
}
