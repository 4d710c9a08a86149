import { defineConfig } from 'vite';
import { onlyOfferedGrammars } from './onlyOfferedGrammars';
import { chunkModules } from './size/chunkModulesPlugin';

export default defineConfig({
  base: './',
  plugins: [onlyOfferedGrammars(), chunkModules()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // `.vite/manifest.json`, and beside it which modules each chunk holds (chunkModules): the chunk graph the size
    // budgets are measured on (size/chunkGraph.ts). Neither is loaded by the page.
    manifest: true,
    cssCodeSplit: false,
    rolldownOptions: {
      input: 'src/main.tsx',
      output: {
        entryFileNames: 'assets/[name].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // cssCodeSplit: false yields exactly one stylesheet, which vite 8 would name `style.css`; the host's
        // HTML links `assets/main.css`, so it is renamed here. Other assets keep their names.
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css')) ? 'assets/main.css' : 'assets/[name][extname]',
      },
    },
  },
});
