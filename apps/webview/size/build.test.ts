// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { webview } from '../../../budgets.ts';
import { type BuiltWebview, buildWebview } from './buildWebview';
import { lazyFeatures, loadedFiles, modulesInSeveralChunks, sizeOf } from './chunkGraph';
import { firstTranscriptJs } from './firstTranscript';

// The chunk graph of a fresh build (in memory, as `pnpm build` makes it): each module in one chunk, the graph's two
// files in agreement, and the budgets table's webview half naming exactly the build's lazy features. The sizes
// themselves are asserted against the table by the one budgets test, on the packaged build.

let built: BuiltWebview;
beforeAll(async () => {
  built = await buildWebview();
}, 300_000);

describe('a fresh webview build', () => {
  it('is built for production, as `pnpm build` builds it: no element carries its source file and line', () => {
    const main = new TextDecoder().decode(built.files.get('assets/main.js'));
    expect(main.includes('Connecting…')).toBe(true);
    expect(/lineNumber|columnNumber/.test(main)).toBe(false);
    expect(process.env.NODE_ENV).toBe('test');
  });

  it('puts every module in one chunk', () => {
    expect(Object.keys(built.modules)).toContain('assets/main.js');
    expect(modulesInSeveralChunks(built.modules)).toEqual([]);
  });

  it('lists the modules of exactly the chunks its manifest has', () => {
    const chunks = new Set(Object.values(built.manifest).map((chunk) => chunk.file));
    const scripts = [...built.files.keys()].filter((name) => name.endsWith('.js')).sort();
    expect(Object.keys(built.modules).sort()).toEqual(scripts);
    expect(scripts.filter((name) => !chunks.has(name))).toEqual([]);
  });

  it('has a budget line for each lazy feature, and none for a feature it does not have', () => {
    expect(Object.keys(webview.features).sort()).toEqual(lazyFeatures(built.manifest));
    for (const moment of Object.values(webview.moments))
      expect(moment.loads.filter((name) => !(name in webview.features))).toEqual([]);
  });

  it('loads for the first transcript what the .vsix test finds by reading the chunks themselves', () => {
    const moment = webview.moments['first transcript'];
    if (!moment) throw new Error("budgets.ts has no webview moment 'first transcript'");
    const files = loadedFiles(built.manifest, webview.entry, moment.loads);
    const read = (name: string) => built.files.get(name);
    const byText = firstTranscriptJs((name) => read(`assets/${name}`));
    expect(byText.files.map((name) => `assets/${name}`)).toEqual(files);
    expect(byText.gzipBytes).toBe(sizeOf(files, read).gzip);
  });
});
