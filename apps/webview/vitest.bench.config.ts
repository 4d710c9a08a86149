import { buildFirstTranscript } from './bench/buildFirstTranscript.ts';
import { chromiumProject } from './vitest.chromium.ts';

// The Chromium half of `pnpm bench` (after the happy-dom `vitest bench`): frame time while a long reply streams,
// measured in headless Chromium, and the first-transcript JS of a fresh build, printed side by side.
export default chromiumProject({
  name: 'webview-bench-chromium',
  include: ['bench/**/*.browser.tsx'],
  commands: {
    firstTranscriptJs: () => buildFirstTranscript(),
    // Prints from Node, so the table reaches the terminal as it is, without the console's per-test header.
    report: (_context, text: string) => {
      process.stdout.write(`\n${text}\n`);
    },
  },
});
