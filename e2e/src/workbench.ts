import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';

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
  await eventually(async () => {
    if (!(await selected())) await tab.click();
    // Let a pending restore land before deciding whether the click took.
    await page.waitForTimeout(1_000);
    return selected();
  }, `the "${title}" view container to show`);
}

/** Where an extension's webview is mounted: its sidebar view, or an editor-area panel. */
export type WebviewMount = 'view' | 'panel';

const PANEL_MARK = 'data-e2e-mount';

/**
 * The outer webview iframe of a webview contributed by `extensionId`. In code-server 4.139.1 a view's and a panel's
 * iframes carry the same attributes (no `purpose` in the src), so a panel is told apart by `markPanelWebview`, which
 * tags the iframe that sits over the editor area; the view is whichever webview of the extension is not tagged.
 */
function outerWebviewSelector(extensionId: string, mount: WebviewMount = 'view'): string {
  const base = `iframe.webview.ready[src*="extensionId=${extensionId}"]`;
  return mount === 'view' ? `${base}:not([${PANEL_MARK}="panel"])` : `${base}[${PANEL_MARK}="panel"]`;
}

/**
 * Waits until the extension has a webview over the editor area (an editor panel) and tags its iframe, so
 * `webviewFrame(..., 'panel')` finds it and the view's locator no longer does. Webviews are overlays positioned over
 * their owner, so where the iframe is on screen is what says whose it is.
 */
export async function markPanelWebview(page: Page, extensionId: string): Promise<void> {
  const all = page.locator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`);
  await eventually(async () => {
    const marked = await all.evaluateAll((frames, mark) => {
      const editor = document.querySelector('.part.editor')?.getBoundingClientRect();
      if (!editor) return 0;
      let count = 0;
      for (const frame of frames) {
        const r = frame.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const inEditor = r.width > 0 && x > editor.left && x < editor.right && y > editor.top && y < editor.bottom;
        if (inEditor) {
          frame.setAttribute(mark, 'panel');
          count += 1;
        }
      }
      return count;
    }, PANEL_MARK);
    return marked === 1;
  }, `a webview of ${extensionId} over the editor area`);
}

/** Retries `check` until it holds or the workbench timeout passes. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + WORKBENCH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The outer iframe element itself, e.g. to wait until a hidden view's page is gone. */
export function webviewElement(page: Page, extensionId: string, mount: WebviewMount = 'view'): Locator {
  return page.locator(outerWebviewSelector(extensionId, mount));
}

/**
 * The extension's own document: outer `iframe.webview.ready` > inner `iframe#active-frame`. A locator re-resolves on
 * each use, which matters because the inner frame is replaced whenever the webview's HTML is reset.
 */
export function webviewFrame(page: Page, extensionId: string, mount: WebviewMount = 'view'): FrameLocator {
  return page.frameLocator(outerWebviewSelector(extensionId, mount)).frameLocator('iframe#active-frame');
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

/**
 * Opens a workspace file with Quick Open, as a user does. A file written a moment ago may not be in Quick Open's
 * file list yet (it is refreshed from a watcher), so the name is typed again until the file is listed.
 */
export async function openFile(page: Page, name: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first();
  await eventually(async () => {
    if (!(await input.isVisible())) await page.keyboard.press('Control+P');
    await input.fill('');
    await input.fill(name);
    return row.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
  }, `Quick Open to list ${name}`);
  await row.click();
  await page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`).waitFor();
}

/**
 * Picks `label` in the context menu that is open, with the keyboard: VS Code ignores a click that comes too soon
 * after the menu opened (it guards against the right-click's own release), which on a loaded machine is any click.
 */
export async function pickContextMenuItem(page: Page, label: string): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  await menu.waitFor();
  const focused = page.locator('.context-view .action-item.focused');
  await eventually(async () => {
    // Nothing is focused until the first arrow key: read the focused item only when there is one, or the read would
    // wait out its whole timeout on every pass.
    const text =
      (await focused.count()) > 0
        ? await focused
            .first()
            .textContent({ timeout: 1_000 })
            .catch(() => '')
        : '';
    if ((text ?? '').includes(label)) return true;
    await page.keyboard.press('ArrowDown');
    return false;
  }, `the context menu to reach "${label}"`);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden' });
}

/** Stores the proxy's access key the way a user does: the command, then the password box. */
export async function setProxyAccessKey(page: Page, key: string): Promise<void> {
  await runCommand(page, 'Roundtable: Set Proxy Access Key');
  const input = page.locator('.quick-input-widget input[type="password"]');
  await input.waitFor();
  await input.fill(key);
  await input.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

/** Numbered screenshots, so the folder reads as the story of the run: the window, or only the part `of` shows. */
export function createScreenshotter(page: Page, dir: string): (name: string, of?: Locator) => Promise<string> {
  let step = 0;
  mkdirSync(dir, { recursive: true });
  return async (name, of) => {
    step += 1;
    const file = path.join(dir, `${String(step).padStart(2, '0')}-${name}.png`);
    await (of ?? page).screenshot({ path: file });
    return file;
  };
}
