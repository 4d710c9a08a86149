import { type BrowserContext, chromium, type Page } from 'playwright-core';
import type { RunDir } from './runDir';
import type { Toolchain } from './toolchain';

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Flags verified with Debian's Chromium running code-server headless. The profile goes through
 * launchPersistentContext, because Playwright rejects --user-data-dir in args. The environment keeps Chromium's side
 * files (crash reports, dconf cache) in the run folder.
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export async function launchBrowser(toolchain: Toolchain, runDir: RunDir, env: NodeJS.ProcessEnv): Promise<Browser> {
  const context = await chromium.launchPersistentContext(runDir.browserProfile, {
    executablePath: toolchain.chromiumPath,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [...chromiumArgs],
    env,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      // Leaving the workbench first makes it disconnect gracefully, so the server shuts the extension host down
      // (running deactivate()) instead of logging "read ECONNRESET" and waiting 3 h for a reconnection.
      await page.goto('about:blank').catch(() => undefined);
      await context.close();
    },
  };
}
