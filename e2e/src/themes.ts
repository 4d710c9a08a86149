import type { FrameLocator, Page } from 'playwright-core';
import { WORKBENCH_TIMEOUT_MS } from './workbench';

/** The theme kind classes VS Code puts on `.monaco-workbench`. */
export type WorkbenchKind = 'vs' | 'vs-dark' | 'hc-black' | 'hc-light';

/** One of VS Code's built-in themes, and how the workbench and a webview show that it is active. */
export interface ThemeCase {
  /** A short name for files and test titles. */
  readonly slug: string;
  /** Its name in the Color Theme picker (VS Code 1.139 names; the settings id can differ). */
  readonly label: string;
  readonly workbenchKind: WorkbenchKind;
  /** The class VS Code sets on every webview's body for the kind. */
  readonly webviewKind: 'vscode-light' | 'vscode-dark' | 'vscode-high-contrast' | 'vscode-high-contrast-light';
  /**
   * The theme's own class on `.monaco-workbench` (`vscode-theme-<extension>-<file>`). Only this proves the theme has
   * loaded: right after a window load the workbench shows a placeholder of kind `vs` with no theme class for 2–5 s,
   * until the built-in theme extension has registered, so a check for the kind alone passes too early.
   */
  readonly themeClass: string;
}

export const THEMES: readonly ThemeCase[] = [
  {
    slug: 'light-modern',
    label: 'Light Modern',
    workbenchKind: 'vs',
    webviewKind: 'vscode-light',
    themeClass: 'vscode-theme-defaults-themes-light_modern-json',
  },
  {
    slug: 'dark-modern',
    label: 'Dark Modern',
    workbenchKind: 'vs-dark',
    webviewKind: 'vscode-dark',
    themeClass: 'vscode-theme-defaults-themes-dark_modern-json',
  },
  {
    slug: 'hc-dark',
    label: 'Dark High Contrast',
    workbenchKind: 'hc-black',
    webviewKind: 'vscode-high-contrast',
    themeClass: 'vscode-theme-defaults-themes-hc_black-json',
  },
  {
    slug: 'hc-light',
    label: 'Light High Contrast',
    workbenchKind: 'hc-light',
    webviewKind: 'vscode-high-contrast-light',
    themeClass: 'vscode-theme-defaults-themes-hc_light-json',
  },
];

const KINDS: readonly WorkbenchKind[] = ['vs', 'vs-dark', 'hc-black', 'hc-light'];

/** What the workbench's classes say: its kind and the loaded theme's class, if any (placeholder: none). */
export function workbenchTheme(classes: readonly string[]): { kind?: WorkbenchKind; themeClass?: string } {
  const kind = KINDS.find((k) => classes.includes(k));
  const themeClass = classes.find((c) => c.startsWith('vscode-theme-'));
  return { ...(kind ? { kind } : {}), ...(themeClass ? { themeClass } : {}) };
}

/** Whether the workbench classes and the webview body's classes both show `theme`. */
export function showsTheme(theme: ThemeCase, workbenchClasses: readonly string[], bodyClasses: readonly string[]) {
  const shown = workbenchTheme(workbenchClasses);
  return shown.kind === theme.workbenchKind && shown.themeClass === theme.themeClass
    ? bodyClasses.includes(theme.webviewKind)
    : false;
}

/** The classes that say which theme is shown: the workbench's, and the webview body's. */
export async function themeClasses(
  page: Page,
  webview: FrameLocator,
): Promise<{ workbench: string[]; body: string[] }> {
  const workbench = await page
    .locator('.monaco-workbench')
    .first()
    .evaluate((el) => [...el.classList]);
  const body = await webview.locator('body').evaluate((el) => [...el.classList]);
  return { workbench, body };
}

/** A pattern matching exactly `text` (a quick-input row's label, which can contain regex characters like `+`). */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Clicks the quick-input row whose label is exactly `label`. Rows are matched on their label element, never on a
 * prefix of the whole row: typing "Preferences: Color Theme" lists "Preferences: Browse Color Themes in Marketplace"
 * first, and a theme's row reads "Dark High Contrast, Default High Contrast" (label, description).
 */
async function pickRow(page: Page, label: string): Promise<void> {
  const row = page
    .locator('.quick-input-widget .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) });
  await row.first().click({ timeout: WORKBENCH_TIMEOUT_MS });
}

/**
 * Switches the color theme the way a person does: F1, "Preferences: Color Theme", then the theme's row. The picker
 * applies it live (no reload, so the webview keeps its state and must follow the change) and writes
 * `workbench.colorTheme` to the user settings. Waits until the workbench has loaded the theme and the webview's body
 * says its kind.
 */
export async function switchColorTheme(page: Page, webview: FrameLocator, theme: ThemeCase): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill('>Preferences: Color Theme');
  await pickRow(page, 'Preferences: Color Theme');
  // The picker's list is virtual (only the rows in view exist): filter it to the theme first.
  await input.fill(theme.label);
  await pickRow(page, theme.label);
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  const deadline = Date.now() + WORKBENCH_TIMEOUT_MS;
  for (;;) {
    const { workbench, body } = await themeClasses(page, webview);
    if (showsTheme(theme, workbench, body)) return;
    if (Date.now() > deadline) {
      throw new Error(`theme "${theme.label}" not shown: workbench ${workbench.join(' ')}; webview ${body.join(' ')}`);
    }
    await page.waitForTimeout(200);
  }
}
