import { defineConfig } from 'vitest/config';

/**
 * Two projects: `harness`, the unit tests of the harness itself (src/**, fast, no browser; `pnpm test`), and `e2e`,
 * the suite that drives a real code-server with Chromium (tests/**; `pnpm e2e`, after `pnpm package`).
 */
export default defineConfig({
  test: {
    environment: 'node',
    // One code-server and one browser at a time: CI has 2 cores, and a run takes ~1.5 GB.
    fileParallelism: false,
    teardownTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'harness', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.test.ts'],
          // Per step, generous for a loaded 2-core machine: a cold workbench took up to 33 s in the probe runs.
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
