/** Fence tags models write, and the VS Code language each one means when it is not already a language id. */
const ALIASES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescriptreact',
  js: 'javascript',
  jsx: 'javascriptreact',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  zsh: 'shellscript',
  shell: 'shellscript',
  console: 'shellscript',
  yml: 'yaml',
  md: 'markdown',
  rs: 'rust',
  rb: 'ruby',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  hpp: 'cpp',
  kt: 'kotlin',
  golang: 'go',
  ps1: 'powershell',
  ps: 'powershell',
  docker: 'dockerfile',
  htm: 'html',
  patch: 'diff',
  text: 'plaintext',
  txt: 'plaintext',
};

/**
 * The VS Code language of a code block from its fence tag (`ts`, `Python`, `shell {.line-numbers}`), among the
 * languages VS Code knows now; undefined when there is no tag or it names none of them (plain text then).
 */
export function languageIdFor(tag: string, known: readonly string[]): string | undefined {
  const word = tag.trim().split(/[\s{]/, 1)[0]?.toLowerCase() ?? '';
  if (!word) return undefined;
  const id = ALIASES[word] ?? word;
  return known.includes(id) ? id : undefined;
}
