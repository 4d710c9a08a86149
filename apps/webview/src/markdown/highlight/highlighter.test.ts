import { describe, expect, it } from 'vitest';
import { grammarFor, highlightLines } from './highlighter';

describe('highlightLines', () => {
  it('gives each piece of code its kind, and the pieces join back into the code', async () => {
    const code = 'const answer: number = 42; // the answer\nfunction f(x) { return "s"; }';
    const lines = await highlightLines(code, 'typescript');
    expect(lines?.map((line) => line.map((t) => t.text).join('')).join('\n')).toBe(code);
    const kinds = new Map(lines?.flat().map((t) => [t.text.trim(), t.kind]));
    expect(kinds.get('const')).toBe('keyword');
    expect(kinds.get('42')).toBe('constant');
    expect(kinds.get('// the answer')).toBe('comment');
    expect(kinds.get('"s"') ?? kinds.get('s')).toBe('string');
    expect(kinds.get('f')).toBe('function');
  }, 20_000);

  it('highlights Ruby without the grammars it embeds but this build does not ship (C++ in a heredoc)', async () => {
    const code = 'def retry(n)\n  sql = <<~SQL\n    SELECT 1\n  SQL\n  cpp = <<~CPP\n    int main() {}\n  CPP\nend';
    const lines = await highlightLines(code, 'ruby');
    expect(lines?.map((line) => line.map((t) => t.text).join('')).join('\n')).toBe(code);
    const kinds = new Map(lines?.flat().map((t) => [t.text.trim(), t.kind]));
    expect(kinds.get('def')).toBe('keyword');
    expect(kinds.get('retry')).toBe('function');
    expect(kinds.get('SELECT')).toBe('keyword'); // SQL is shipped: its heredoc is highlighted
  }, 20_000);

  it('knows the tags models write, and nothing else', () => {
    expect(['ts', 'TSX', 'py', 'bash', 'golang', 'c++', 'klingon', ''].map(grammarFor)).toEqual([
      'typescript',
      'tsx',
      'python',
      'shellscript',
      'go',
      undefined, // C++'s grammar alone is 800 KB: left out
      undefined,
      undefined,
    ]);
  });
});
