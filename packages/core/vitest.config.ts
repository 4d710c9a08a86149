import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Waits at the end of each file for the leases' code a store loads without anyone awaiting it.
    setupFiles: ['test/settleLazyLoads.ts'],
  },
});
