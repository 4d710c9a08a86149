import { describe, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the Chromium projects run without Chromium (its binary is missing), or '' when they run in it. */
    chromiumMissing: string;
  }
}

/**
 * Declares a suite that needs real layout in Chromium. Without a Chromium binary the project runs these files in
 * happy-dom instead, and the suite is skipped with the reason and the way to get Chromium in its title (so a
 * contributor without it still runs `pnpm test`); with `ROUNDTABLE_REQUIRE_CHROMIUM=1` the project fails to start
 * instead (see vitest.chromium.ts).
 */
export function describeInChromium(title: string, body: () => void): void {
  const missing = inject('chromiumMissing');
  if (missing) describe.skip(`${title} (skipped: ${missing})`, body);
  else describe(title, body);
}
