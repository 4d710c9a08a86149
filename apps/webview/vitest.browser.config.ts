import { chromiumProject } from './vitest.chromium.ts';

// Tests that need real layout (scrolling, what a frame costs), in headless Chromium; run by `pnpm test` after the
// happy-dom project (vitest.config.ts), which leaves these files out.
export default chromiumProject({ name: 'webview-chromium', include: ['src/**/*.browser.test.tsx'] });
