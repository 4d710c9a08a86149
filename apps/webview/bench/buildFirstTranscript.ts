import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { type FirstTranscriptJs, firstTranscriptJs } from '../size/firstTranscript.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the webview exactly as `pnpm build` does (its vite.config.ts), in memory, and measures its first-transcript
 * JS. Nothing is written: `dist/` is neither needed (`pnpm bench` builds nothing first) nor touched.
 */
export async function buildFirstTranscript(): Promise<FirstTranscriptJs> {
  const result = await build({
    root,
    configFile: `${root}vite.config.ts`,
    mode: 'production',
    logLevel: 'warn',
    build: { write: false, emptyOutDir: false },
  });
  const files = new Map<string, Uint8Array>();
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) throw new Error('vite build started watching instead of building once');
    for (const file of output.output) {
      const content = file.type === 'chunk' ? file.code : file.source;
      files.set(file.fileName, typeof content === 'string' ? new TextEncoder().encode(content) : content);
    }
  }
  return firstTranscriptJs((name) => files.get(`assets/${name}`));
}
