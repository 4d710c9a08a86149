import { configDefaults, defineProject } from 'vitest/config';
import { onlyOfferedGrammars } from './onlyOfferedGrammars';

export default defineProject({
  // The grammars as the build ships them (see onlyOfferedGrammars.ts).
  plugins: [onlyOfferedGrammars()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    name: 'webview',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'size/**/*.test.ts'],
    // Those need real layout: the Chromium project (vitest.browser.config.ts) runs them.
    exclude: [...configDefaults.exclude, 'src/**/*.browser.test.tsx'],
    environment: 'happy-dom',
  },
});
