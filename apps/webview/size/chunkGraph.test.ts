// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  addedFiles,
  type ChunkModules,
  lazyFeatures,
  loadedFiles,
  type Manifest,
  manifestKey,
  modulesInSeveralChunks,
  sizeOf,
  sourceName,
  staticFiles,
} from './chunkGraph';

// A small build, as Vite's manifest has it: an entry that imports a shared chunk (Preact) and three lazy features:
// views that import the entry back and the shared chunk, a highlighter whose chunk imports a shared one, and a
// grammar from a package that embeds another grammar's chunk.
const GRAMMAR = '../../node_modules/.pnpm/shiki@4.6.0/node_modules/shiki/dist/langs/html.mjs';
const manifest: Manifest = {
  'src/main.tsx': {
    file: 'assets/main.js',
    src: 'src/main.tsx',
    isEntry: true,
    imports: ['_preact-a.js'],
    dynamicImports: ['src/views.ts', 'src/highlighter.ts'],
  },
  '_preact-a.js': { file: 'assets/preact-a.js' },
  'src/views.ts': {
    file: 'assets/views-b.js',
    src: 'src/views.ts',
    isDynamicEntry: true,
    imports: ['_preact-a.js', 'src/main.tsx'],
  },
  'src/highlighter.ts': {
    file: 'assets/highlighter-c.js',
    src: 'src/highlighter.ts',
    isDynamicEntry: true,
    imports: ['src/main.tsx', '_shared-d.js'],
    dynamicImports: [GRAMMAR],
  },
  '_shared-d.js': { file: 'assets/shared-d.js', imports: ['_preact-a.js'] },
  [GRAMMAR]: { file: 'assets/html-e.js', src: GRAMMAR, isDynamicEntry: true, imports: ['_javascript-f.js'] },
  '_javascript-f.js': { file: 'assets/javascript-f.js' },
};

describe('the chunk graph', () => {
  it('names a package’s file from its package on, and finds a chunk by either name', () => {
    expect(sourceName(GRAMMAR)).toBe('shiki/dist/langs/html.mjs');
    expect(sourceName('src/views.ts')).toBe('src/views.ts');
    expect(manifestKey(manifest, 'shiki/dist/langs/html.mjs')).toBe(GRAMMAR);
    expect(manifestKey(manifest, GRAMMAR)).toBe(GRAMMAR);
    expect(() => manifestKey(manifest, 'src/gone.tsx')).toThrow('the webview build has no chunk for src/gone.tsx');
  });

  it('lists every target of an import() as a lazy feature, and nothing else', () => {
    expect(lazyFeatures(manifest)).toEqual(['shiki/dist/langs/html.mjs', 'src/highlighter.ts', 'src/views.ts']);
  });

  it('follows static imports transitively, each file once, never a dynamic import', () => {
    expect(staticFiles(manifest, 'src/main.tsx')).toEqual(['assets/main.js', 'assets/preact-a.js']);
    // The entry imported back, and Preact again through the shared chunk, count once.
    expect(staticFiles(manifest, 'src/highlighter.ts')).toEqual([
      'assets/highlighter-c.js',
      'assets/main.js',
      'assets/preact-a.js',
      'assets/shared-d.js',
    ]);
  });

  it('loads the entry with its static imports, then each feature with its own, each file once', () => {
    expect(loadedFiles(manifest, 'src/main.tsx', [])).toEqual(['assets/main.js', 'assets/preact-a.js']);
    expect(loadedFiles(manifest, 'src/main.tsx', ['src/views.ts', 'shiki/dist/langs/html.mjs'])).toEqual([
      'assets/main.js',
      'assets/preact-a.js',
      'assets/views-b.js',
      'assets/html-e.js',
      'assets/javascript-f.js',
    ]);
    expect(() => loadedFiles(manifest, 'src/main.tsx', ['src/gone.tsx'])).toThrow('no chunk for src/gone.tsx');
  });

  it('says what a feature adds to what the entry loaded', () => {
    expect(addedFiles(manifest, 'src/main.tsx', 'src/views.ts')).toEqual(['assets/views-b.js']);
    expect(addedFiles(manifest, 'src/main.tsx', 'src/highlighter.ts')).toEqual([
      'assets/highlighter-c.js',
      'assets/shared-d.js',
    ]);
    expect(addedFiles(manifest, 'src/main.tsx', 'shiki/dist/langs/html.mjs')).toEqual([
      'assets/html-e.js',
      'assets/javascript-f.js',
    ]);
  });

  it('finds a module the bundler put in more than one chunk', () => {
    const modules: ChunkModules = {
      'assets/main.js': ['src/main.tsx', '../../packages/core/src/limits/images.ts'],
      'assets/views-b.js': ['src/views.ts', '../../packages/core/src/limits/images.ts'],
      'assets/highlighter-c.js': ['src/highlighter.ts', '../../packages/core/src/limits/images.ts', '\0runtime'],
      'assets/shared-d.js': ['\0runtime'],
    };
    expect(modulesInSeveralChunks(modules)).toEqual([
      { module: '\0runtime', files: ['assets/highlighter-c.js', 'assets/shared-d.js'] },
      {
        module: '../../packages/core/src/limits/images.ts',
        files: ['assets/highlighter-c.js', 'assets/main.js', 'assets/views-b.js'],
      },
    ]);
    expect(
      modulesInSeveralChunks({ 'assets/main.js': ['src/main.tsx'], 'assets/views-b.js': ['src/views.ts'] }),
    ).toEqual([]);
  });

  it('sizes files raw and gzip-compressed each on its own, and says which file is missing', () => {
    const files = new Map([
      ['assets/main.js', new TextEncoder().encode('export const a = 1;'.repeat(50))],
      ['assets/preact-a.js', new TextEncoder().encode('export const b = 2;')],
    ]);
    const gzip = [...files.values()].reduce((sum, bytes) => sum + gzipSync(bytes).length, 0);
    expect(sizeOf(['assets/main.js', 'assets/preact-a.js'], (name) => files.get(name))).toEqual({
      raw: 19 * 50 + 19,
      gzip,
    });
    expect(gzip).toBeLessThan(19 * 51);
    expect(() => sizeOf(['assets/gone.js'], (name) => files.get(name))).toThrow(
      'the webview build has no assets/gone.js',
    );
  });
});
