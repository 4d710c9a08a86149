/** Fence tags models write, and the VS Code language id each one means when it is not already one. */
const ALIASES: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescriptreact',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascriptreact',
  jsonc: 'json',
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
  docker: 'dockerfile',
  htm: 'html',
  patch: 'diff',
  text: 'plaintext',
  txt: 'plaintext',
};

/**
 * The VS Code language id a code fence's tag names (`ts`, `Python`, `shell {.line-numbers}`): the first word,
 * lower-cased, through the aliases models use. Empty for an untagged fence. The host opens code in that language;
 * the webview picks its grammar by it.
 */
export function fenceLanguage(tag: string): string {
  const word = tag.trim().split(/[\s{]/, 1)[0]?.toLowerCase() ?? '';
  return ALIASES[word] ?? word;
}
