import { fenceLanguage } from '@roundtable/core/protocol';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { type LazyModule, lazyModule } from '../../lazy/lazyModule';
import type { OfferedGrammar } from './languages';
import { CLASS_THEME, kindOfColor, type TokenKind } from './theme';

/**
 * The code highlighter, in its own lazy chunk: shiki's core with its JavaScript regex engine (no WebAssembly, which
 * the CSP would need to allow) and each language's grammar in a chunk of its own, fetched the first time a block
 * in that language is highlighted.
 */
type Grammar = LazyModule<{ default: LanguageRegistration[] }>;

// Every offered grammar, and only those (the build leaves out any other, see languages.ts), each in a chunk of its own
// loaded the first time a block in its language is highlighted. A grammar's chunk may import the chunks of the
// grammars it embeds (HTML's: JavaScript's and CSS's): shiki's modules import those statically.
const OFFERED: Record<OfferedGrammar, Grammar> = {
  typescript: lazyModule('the typescript grammar', () => import('shiki/langs/typescript.mjs')),
  tsx: lazyModule('the tsx grammar', () => import('shiki/langs/tsx.mjs')),
  javascript: lazyModule('the javascript grammar', () => import('shiki/langs/javascript.mjs')),
  jsx: lazyModule('the jsx grammar', () => import('shiki/langs/jsx.mjs')),
  json: lazyModule('the json grammar', () => import('shiki/langs/json.mjs')),
  python: lazyModule('the python grammar', () => import('shiki/langs/python.mjs')),
  shellscript: lazyModule('the shellscript grammar', () => import('shiki/langs/shellscript.mjs')),
  go: lazyModule('the go grammar', () => import('shiki/langs/go.mjs')),
  rust: lazyModule('the rust grammar', () => import('shiki/langs/rust.mjs')),
  java: lazyModule('the java grammar', () => import('shiki/langs/java.mjs')),
  c: lazyModule('the c grammar', () => import('shiki/langs/c.mjs')),
  csharp: lazyModule('the csharp grammar', () => import('shiki/langs/csharp.mjs')),
  html: lazyModule('the html grammar', () => import('shiki/langs/html.mjs')),
  css: lazyModule('the css grammar', () => import('shiki/langs/css.mjs')),
  yaml: lazyModule('the yaml grammar', () => import('shiki/langs/yaml.mjs')),
  markdown: lazyModule('the markdown grammar', () => import('shiki/langs/markdown.mjs')),
  sql: lazyModule('the sql grammar', () => import('shiki/langs/sql.mjs')),
  diff: lazyModule('the diff grammar', () => import('shiki/langs/diff.mjs')),
  toml: lazyModule('the toml grammar', () => import('shiki/langs/toml.mjs')),
  dockerfile: lazyModule('the dockerfile grammar', () => import('shiki/langs/dockerfile.mjs')),
  ruby: lazyModule('the ruby grammar', () => import('shiki/langs/ruby.mjs')),
  php: lazyModule('the php grammar', () => import('shiki/langs/php.mjs')),
  kotlin: lazyModule('the kotlin grammar', () => import('shiki/langs/kotlin.mjs')),
  swift: lazyModule('the swift grammar', () => import('shiki/langs/swift.mjs')),
};

const GRAMMARS: ReadonlyMap<string, Grammar> = new Map(Object.entries(OFFERED));

/** Where a grammar's name differs from the VS Code language id `fenceLanguage` gives. */
const GRAMMAR_OF: Record<string, string> = { typescriptreact: 'tsx', javascriptreact: 'jsx' };

/** One line of highlighted code: its pieces of text, each with its kind (none for plain text). */
export type HighlightedLine = { text: string; kind: TokenKind | undefined }[];

/** The grammar a fence tag names, if this build has it. */
export function grammarFor(tag: string): string | undefined {
  const id = fenceLanguage(tag);
  const name = GRAMMAR_OF[id] ?? id;
  return GRAMMARS.has(name) ? name : undefined;
}

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Map<string, Promise<void>>();

/**
 * The lines of `code` in `language` (a name `grammarFor` gave), or undefined when the grammar cannot load. The
 * first highlight compiles the grammar's expressions, which can take a second: the time limit per line is raised so
 * that first highlight is not cut short.
 */
export async function highlightLines(code: string, language: string): Promise<HighlightedLine[] | undefined> {
  const grammar = GRAMMARS.get(language);
  if (!grammar) return undefined;
  highlighter ??= createHighlighterCore({ themes: [CLASS_THEME], langs: [], engine: createJavaScriptRegexEngine() });
  const core = await highlighter;
  let ready = loaded.get(language);
  if (!ready) {
    ready = grammar.load().then((module) => core.loadLanguage(...module.default));
    loaded.set(language, ready);
    // A grammar that could not load is asked for again by the next block in its language.
    ready.catch(() => loaded.delete(language));
  }
  await ready;
  const lines = core.codeToTokensBase(code, {
    lang: language,
    theme: CLASS_THEME.name ?? '',
    tokenizeTimeLimit: 5_000,
  });
  return lines.map((line) => line.map((token) => ({ text: token.content, kind: kindOfColor(token.color) })));
}
