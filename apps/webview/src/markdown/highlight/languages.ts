/**
 * The languages whose grammar this build ships, each in a lazy chunk of its own. The build (vite.config.ts) reads this
 * list too: a grammar one of these embeds but that is not in the list (Ruby's C++, Haml, XML, GraphQL and Lua; PHP's
 * XML) is left out of the bundle rather than carried whole in the embedding language's chunk (C++ alone is over
 * 600 KB). Code in such an embedded language is shown unhighlighted inside its block.
 */
export const OFFERED_GRAMMARS = [
  'typescript',
  'tsx',
  'javascript',
  'jsx',
  'json',
  'python',
  'shellscript',
  'go',
  'rust',
  'java',
  'c',
  'csharp',
  'html',
  'css',
  'yaml',
  'markdown',
  'sql',
  'diff',
  'toml',
  'dockerfile',
  'ruby',
  'php',
  'kotlin',
  'swift',
] as const;
export type OfferedGrammar = (typeof OFFERED_GRAMMARS)[number];
