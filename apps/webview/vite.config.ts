import { defineConfig } from 'vite';

// The bundle runs inside a VS Code webview under a strict CSP: relative base (resources are served from a
// vscode-resource origin), fixed entry names (the host's HTML names them), and lazy chunks load through
// `script-src ${webview.cspSource}` because a nonce does not cover import().
export default defineConfig({
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
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
