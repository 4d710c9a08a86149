import { fenceLanguage } from '@roundtable/core/protocol';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { OfferedGrammar } from './languages';
import { CLASS_THEME, kindOfColor, type TokenKind } from './theme';

/**
 * The code highlighter, in its own lazy chunk: shiki's core with its JavaScript regex engine (no WebAssembly, which
 * the CSP would need to allow) and each language's grammar in a chunk of its own, fetched the first time a block
 * in that language is highlighted.
 */
type Grammar = () => Promise<{ default: LanguageRegistration[] }>;

// Every offered grammar, and only those (the build leaves out any other, see languages.ts).
const OFFERED: Record<OfferedGrammar, Grammar> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
};

const GRAMMARS: Readonly<Record<string, Grammar | undefined>> = OFFERED;

/** Where a grammar's name differs from the VS Code language id `fenceLanguage` gives. */
const GRAMMAR_OF: Record<string, string> = { typescriptreact: 'tsx', javascriptreact: 'jsx' };

/** One line of highlighted code: its pieces of text, each with its kind (none for plain text). */
export type HighlightedLine = { text: string; kind: TokenKind | undefined }[];

/** The grammar a fence tag names, if this build has it. */
export function grammarFor(tag: string): string | undefined {
  const id = fenceLanguage(tag);
  const name = GRAMMAR_OF[id] ?? id;
  return name in GRAMMARS ? name : undefined;
}

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Map<string, Promise<void>>();

/**
 * The lines of `code` in `language` (a name `grammarFor` gave), or undefined when the grammar cannot load. The
 * first highlight compiles the grammar's expressions, which can take a second: the time limit per line is raised so
 * that first highlight is not cut short.
 */
export async function highlightLines(code: string, language: string): Promise<HighlightedLine[] | undefined> {
  const grammar = GRAMMARS[language];
  if (!grammar) return undefined;
  highlighter ??= createHighlighterCore({ themes: [CLASS_THEME], langs: [], engine: createJavaScriptRegexEngine() });
  const core = await highlighter;
  let ready = loaded.get(language);
  if (!ready) {
    ready = grammar().then((module) => core.loadLanguage(...module.default));
    loaded.set(language, ready);
  }
  await ready;
  const lines = core.codeToTokensBase(code, {
    lang: language,
    theme: CLASS_THEME.name ?? '',
    tokenizeTimeLimit: 5_000,
  });
  return lines.map((line) => line.map((token) => ({ text: token.content, kind: kindOfColor(token.color) })));
}
