import { defineConfig } from 'vitest/config';

/**
 * `pnpm screenshots`: the README's pictures (screenshots/*.shots.ts), taken with the e2e machinery. A config of its
 * own, so neither `pnpm test`, `pnpm e2e` nor a bare `vitest run` of vitest.config.ts ever rewrites docs/images.
 * The rest is the e2e project's: one code-server and browser at a time, and its generous timeouts.
 */
export default defineConfig({
  test: {
    environment: 'node',
    fileParallelism: false,
    teardownTimeout: 60_000,
    include: ['screenshots/**/*.shots.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
