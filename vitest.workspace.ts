// Vitest 4 no longer reads a workspace file by itself; the root scripts pass this file with --config.
// Each package keeps its own vitest.config; this file only groups them for "run everything" and coverage.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**', 'apps/*/src/**'],
    },
  },
});
