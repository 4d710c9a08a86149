import type { Plugin } from 'vite';
import { OFFERED_GRAMMARS } from './src/markdown/highlight/languages';

const EMPTY_GRAMMAR = '\0roundtable-empty-grammar';

/**
 * A grammar an offered one embeds but that is not offered itself becomes an empty list of grammars (see
 * `OFFERED_GRAMMARS`): its code shows unhighlighted, and its chunk does not carry it.
 */
export function onlyOfferedGrammars(): Plugin {
  const offered = new Set<string>(OFFERED_GRAMMARS);
  return {
    name: 'roundtable-only-offered-grammars',
    enforce: 'pre',
    resolveId(source, importer) {
      const name = /^\.\/([\w-]+)\.mjs$/.exec(source)?.[1];
      const fromGrammar = importer?.replaceAll('\\', '/').includes('/@shikijs/langs/dist/');
      return name && fromGrammar && !offered.has(name) ? EMPTY_GRAMMAR : undefined;
    },
    load(id) {
      return id === EMPTY_GRAMMAR ? 'export default [];' : undefined;
    },
  };
}

// The bundle runs inside a VS Code webview under a strict CSP: relative base (resources are served from a
// vscode-resource origin), fixed entry names (the host's HTML names them), and lazy chunks load through
// `script-src ${webview.cspSource}` because a nonce does not cover import().
