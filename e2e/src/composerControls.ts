import type { Frame, Page } from 'playwright-core';
import { runCommand } from './workbench';

// The composer's controls as a user meets them: a file picked through Add File to Chat…, and what the panel draws
// of its buttons and its row of controls, read in the webview's frame.

/** Picks the workspace file `name` in Add File to Chat…'s quick pick. */
export async function addFileToChat(page: Page, name: string): Promise<void> {
  await runCommand(page, 'Roundtable: Add File to Chat…');
  const input = page.locator('.quick-input-widget input');
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: name }).waitFor();
  await input.press('Enter');
}

/**
 * The webview's icon buttons: each shown button (and the attach label, a file picker's button) whose visible text holds
 * no letter or digit, with its name (aria-label, else title), whether it draws an SVG, and the text it shows. Text
 * kept for screen readers only (clipped to nothing) or not rendered does not count as shown.
 */
export function iconButtons(frame: Frame): Promise<{ name: string; drawn: boolean; text: string }[]> {
  return frame.evaluate(() => {
    const clipped = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (getComputedStyle(node).clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    const shown = (el: Element) => el.getClientRects().length > 0 && !clipped(el);
    const visibleText = (el: Element) => {
      let text = '';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement && shown(node.parentElement)) text += node.textContent ?? '';
      }
      return text.trim();
    };
    return [...document.querySelectorAll('button, label:has(> input[type="file"])')]
      .filter((el) => shown(el) && !/[\p{L}\p{N}]/u.test(visibleText(el)))
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '',
        drawn: (el.querySelector('svg')?.getBoundingClientRect().width ?? 0) > 0,
        text: visibleText(el),
      }));
  });
}

/**
 * How many of the composer's controls show (To, Mode, Stances, attach, Send or Stop), whether they share a row, and
 * which of the To and Mode selects cut their chosen name short (its text, in the select's font, wider than its content
 * box).
 */
export function composerRow(frame: Frame): Promise<{ controls: number; oneRow: boolean; cut: string[] }> {
  return frame.evaluate(() => {
    const label = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.closest('label');
    const controls = [
      label('target-select'),
      label('mode-select'),
      label('stances-toggle'),
      label('attach-image'),
      document.querySelector('[data-testid="send"], [data-testid="stop"]'),
    ].flatMap((el) => (el ? [el.getBoundingClientRect()] : []));
    const oneRow = Math.max(...controls.map((b) => b.top)) < Math.min(...controls.map((b) => b.bottom));
    const context = document.createElement('canvas').getContext('2d');
    const cut = ['target-select', 'mode-select'].flatMap((id) => {
      const select = document.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`);
      if (!select || !context) return [`${id} (not measured)`];
      const style = getComputedStyle(select);
      context.font = style.font;
      const text = context.measureText(select.selectedOptions[0]?.textContent ?? '').width;
      const sides = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
      const room =
        select.getBoundingClientRect().width - sides.reduce((sum, s) => sum + Number.parseFloat(style[s]), 0);
      // Half a pixel for the two ways of measuring text.
      return text > room + 0.5 ? [`${id}: ${text.toFixed(1)} px of text in ${room.toFixed(1)} px (${style.font})`] : [];
    });
    return { controls: controls.length, oneRow, cut };
  });
}
