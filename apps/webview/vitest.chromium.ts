import { accessSync, constants } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import type { BrowserConfigOptions } from 'vitest/node';

// The shared setup of the webview's two Chromium projects: the layout tests (`pnpm test`) and the frame-time
// bench (`pnpm bench`). Chromium is the system's (`CHROMIUM_PATH`, else /usr/bin/chromium), driven by Playwright.

/** Set (as `.ci/run` does) to make a missing Chromium a failure instead of a skip. */
const REQUIRE_CHROMIUM = process.env.ROUNDTABLE_REQUIRE_CHROMIUM === '1';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** '' when Chromium can run from `chromiumPath`, else why not and how to get it. */
function chromiumMissing(): string {
  try {
    accessSync(chromiumPath, constants.X_OK);
    return '';
  } catch {
    return (
      `no Chromium at ${chromiumPath}; install it (Debian/Ubuntu: apt-get install chromium) ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary'
    );
  }
}

export function chromiumProject(options: {
  name: string;
  include: string[];
  /** Functions the tests can run in Node (`commands` from 'vitest/browser'). */
  commands?: BrowserConfigOptions['commands'];
}) {
  const missing = chromiumMissing();
  if (missing && REQUIRE_CHROMIUM) throw new Error(`ROUNDTABLE_REQUIRE_CHROMIUM=1, but ${missing}`);
  if (missing) console.warn(`[${options.name}] skipping the Chromium tests: ${missing}`);
  return defineProject({
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    // Bundled before the first test: a dependency Vite first meets mid-run makes it reload the page, which fails the
    // file that imported it on a cold cache (CI's first run).
    optimizeDeps: { include: ['axe-core'] },
    test: {
      name: options.name,
      include: options.include,
      provide: { chromiumMissing: missing },
      // Long streams at one batch per frame; nothing here waits on a fixed delay.
      testTimeout: 300_000,
      hookTimeout: 300_000,
      // Without Chromium the files still load (in happy-dom), so their suites can say why they are skipped.
      ...(missing
        ? { environment: 'happy-dom' }
        : {
            browser: {
              enabled: true,
              headless: true,
              // Loopback only; when another run on this machine holds the port, the next free one is taken.
              api: { host: '127.0.0.1', port: 63315, strictPort: false },
              provider: playwright({
                launchOptions: { executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] },
              }),
              instances: [{ browser: 'chromium' }],
              // A VS Code sidebar's shape (and Vitest's default), stated because the figures depend on it.
              viewport: { width: 414, height: 896 },
              screenshotFailures: false,
              commands: options.commands ?? {},
            },
          }),
    },
  });
}
