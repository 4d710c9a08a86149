import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'vscode-extension',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'eval/**/*.test.ts'],
    environment: 'node',
    // Core's stores load their leases' code without anyone awaiting it: each file waits for it before its teardown.
    setupFiles: ['../../packages/core/test/settleLazyLoads.ts'],
    // The soak test (test/soak.integration.test.ts) measures the heap after forcing garbage collection.
    execArgv: ['--expose-gc'],
  },
});
