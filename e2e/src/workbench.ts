import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Frame, FrameLocator, Page } from 'playwright-core';

/** Generous: on a busy 2-core CI machine the first workbench load took up to 11 s, the extension scan +7 s. */
export const WORKBENCH_TIMEOUT_MS = 90_000;

export async function openWorkbench(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForWorkbench(page);
}

export async function reloadWindow(page: Page): Promise<void> {
  await page.reload();
  await waitForWorkbench(page);
}

async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
  await page.locator('.part.activitybar').waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
}

/**
 * Shows the view container whose activity-bar title is `title`, by clicking its icon. The icon appears only once the
 * remote extension host has scanned extensions, hence the wait. Clicking the icon of a container that is already
 * showing hides the side bar again, and after a reload the workbench restores the last container a moment AFTER the
 * icon appears (seen: aria-selected false, then true ~1 s later). So: click only when not selected, and re-check until
 * the selection holds.
 */
export async function openViewContainer(page: Page, title: string): Promise<void> {
  const tab = page.locator(`.part.activitybar li.action-item:has(> a.action-label[aria-label^="${title}"])`).first();
  const selected = async () => (await tab.getAttribute('aria-selected')) === 'true';
  await tab.waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
  const deadline = Date.now() + WORKBENCH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!(await selected())) await tab.click();
    // Let a pending restore land before deciding whether the click took.
    await page.waitForTimeout(1_000);
    if (await selected()) return;
  }
  throw new Error(`could not show the "${title}" view container`);
}

/** The outer webview iframe of a webview view contributed by `extensionId`. */
function outerWebviewSelector(extensionId: string): string {
  return `iframe.webview.ready[src*="extensionId=${extensionId}"]`;
}

/**
 * The extension's own document: outer `iframe.webview.ready` > inner `iframe#active-frame`. A locator re-resolves on
 * each use, which matters because the inner frame is replaced whenever the webview's HTML is reset.
 */
export function webviewFrame(page: Page, extensionId: string): FrameLocator {
  return page.frameLocator(outerWebviewSelector(extensionId)).frameLocator('iframe#active-frame');
}

/** The inner frame as a Frame, for evaluate(); re-query it after anything that may reload the webview. */
export async function webviewFrameHandle(page: Page, extensionId: string): Promise<Frame> {
  const outer = await (await page.locator(outerWebviewSelector(extensionId)).elementHandle())?.contentFrame();
  if (!outer) throw new Error(`no webview of ${extensionId}`);
  const inner = await (await outer.locator('iframe#active-frame').elementHandle())?.contentFrame();
  if (!inner) throw new Error(`the webview of ${extensionId} has no active frame`);
  return inner;
}

/** Runs a command through F1 by its palette title ("Category: Title"), waiting until the palette lists it. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await page
    .locator('.quick-input-widget .monaco-list-row.focused', { hasText: title })
    .first()
    .waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
  await input.press('Enter');
}

/** Numbered screenshots, so the folder reads as the story of the run. */
export function createScreenshotter(page: Page, dir: string): (name: string) => Promise<string> {
  let step = 0;
  mkdirSync(dir, { recursive: true });
  return async (name) => {
    step += 1;
    const file = path.join(dir, `${String(step).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file });
    return file;
  };
}
