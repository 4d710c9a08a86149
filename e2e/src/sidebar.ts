import type { Page } from 'playwright-core';

/** VS Code does not let the primary side bar be narrower than this. */
export const SIDEBAR_MIN_WIDTH = 170;

/** Where to drop the sash so the side bar becomes `width` wide, from where the bar and the sash are now. */
export function sashTarget(sidebarLeft: number, sashCenter: number, sidebarRight: number, width: number): number {
  // The sash straddles the bar's right edge; keep its offset from that edge while moving the edge.
  return sidebarLeft + width + (sashCenter - sidebarRight);
}

/**
 * Sets the primary side bar's width by dragging its sash, as a person does, and returns the width it ended at.
 * Dragging is retried with the error corrected (a busy machine can drop the last mouse move).
 */
export async function setSidebarWidth(page: Page, width: number): Promise<number> {
  if (width < SIDEBAR_MIN_WIDTH) throw new Error(`the side bar cannot be narrower than ${SIDEBAR_MIN_WIDTH} px`);
  const sidebar = page.locator('.part.sidebar').first();
  const sash = page.locator('.monaco-sash.vertical.primary-sidebar-sash').first();
  let current = 0;
  for (let attempt = 0; ; attempt++) {
    const bar = await sidebar.boundingBox();
    const handle = await sash.boundingBox();
    if (!bar || !handle) throw new Error('the primary side bar or its sash is not shown');
    current = Math.round(bar.width);
    if (Math.abs(current - width) <= 1) return current;
    if (attempt === 3) break;
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(sashTarget(bar.x, x, bar.x + bar.width, width), y, { steps: 8 });
    await page.mouse.up();
  }
  throw new Error(`the side bar is ${current} px wide after dragging its sash, not ${width} px`);
}

/** A theme colour of the workbench (`editor-background`, say) as the browser computes it: `rgb(…)`. */
export function themeColor(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = `var(--vscode-${variable})`;
    document.querySelector('.monaco-workbench')?.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  }, name);
}

/** What shows through the webview's transparent page: the side bar's own background. */
export function sidebarBackground(page: Page): Promise<string> {
  return page
    .locator('.part.sidebar')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}
