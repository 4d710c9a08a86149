import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'vscode-extension',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
  },
});
