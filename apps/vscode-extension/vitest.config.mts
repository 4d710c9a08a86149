import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'vscode-extension',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'eval/**/*.test.ts'],
    environment: 'node',
    // The soak test (test/soak.integration.test.ts) measures the heap after forcing garbage collection.
    execArgv: ['--expose-gc'],
  },
});
