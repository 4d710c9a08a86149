import { describe, expect, test } from 'vitest';
import { type ChangeBlock, changedFiles, readChangeBlock } from './changeBlocks';
import { otherProposals, type ProposingMessage, wholeFileText } from './proposals';
import { fileAfter, sourceOf } from './proposedChange';

// Compare proposals finds, across a thread's replies, the other seats' changes to the same files; a named file's block
// is its whole new content, written in the file's line endings.

const reply = (id: string, speaker: string, content: string, status = 'complete'): ProposingMessage => ({
  id,
  role: 'assistant',
  speaker,
  status,
  content,
});
const named = (path: string, body: string) => `Here:\n\n\`\`\`ts ${path}\n${body}\n\`\`\`\n`;
const diff = (path: string, from: string, to: string) =>
  `\`\`\`diff\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-${from}\n+${to}\n\`\`\`\n`;

describe('other proposals for the same files', () => {
  const thread: ProposingMessage[] = [
    { id: 'u1', role: 'user', speaker: 'user', status: 'complete', content: named('src/a.ts', 'mine') },
    reply('c1', 'claude', named('src/a.ts', 'one') + diff('src/b.ts', 'x', 'y')),
    reply('g1', 'gpt', diff('./src/a.ts', 'one', 'two')),
    reply('c2', 'claude', named('src/a.ts', 'three')),
    reply('m1', 'gemini', named('src/a.ts', 'streaming'), 'streaming'),
    reply('m2', 'gemini', '', 'deleted'),
    reply('m3', 'gemini', `${named('src/c.ts', 'c')}${named('src/a.ts', 'four')}`, 'cancelled'),
  ];

  test('other seats’ replies, in thread order, each block with the files it shares', () => {
    const found = otherProposals(thread, 'c1', ['src/a.ts', 'src/b.ts']);
    expect(found.map((p) => [p.messageId, p.speaker, p.files, p.block.kind])).toEqual([
      ['g1', 'gpt', ['src/a.ts'], 'diff'],
      ['m3', 'gemini', ['src/a.ts'], 'file'],
    ]);
  });

  test('from another seat’s reply, the first seat’s replies (both of them) are the others', () => {
    expect(otherProposals(thread, 'g1', ['src/a.ts']).map((p) => p.messageId)).toEqual(['c1', 'c2', 'm3']);
  });

  test('none for a file nobody else changes', () => {
    expect(otherProposals(thread, 'c1', ['src/b.ts'])).toEqual([]);
    expect(otherProposals(thread, 'c1', [])).toEqual([]);
  });
});

describe('a named file’s new text', () => {
  test('the block’s content, created or replacing the file', () => {
    expect(wholeFileText(undefined, { content: 'new\n' })).toBe('new\n');
    expect(wholeFileText('old\n', { content: 'new\n' })).toBe('new\n');
  });

  test('a CRLF file stays CRLF', () => {
    expect(wholeFileText('old\r\nlines\r\n', { content: 'a\nb\n' })).toBe('a\r\nb\r\n');
  });

  test('the naming comment is left out, unless the file starts with that very line', () => {
    const block = { content: 'body\n', label: '// src/a.ts' };
    expect(wholeFileText(undefined, block)).toBe('body\n');
    expect(wholeFileText('other\n', block)).toBe('body\n');
    expect(wholeFileText('// src/a.ts\r\nold\r\n', block)).toBe('// src/a.ts\r\nbody\r\n');
  });
});

describe('a file after a block', () => {
  test('a diff changes its own file, and says when it does not apply or does not touch the file', () => {
    const d = readChangeBlock('diff', '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-one\n+two\n') as ChangeBlock;
    expect(fileAfter('one\n', d, 'src/a.ts')).toEqual({ ok: true, text: 'two\n' });
    expect(fileAfter('zero\n', d, 'src/a.ts')).toMatchObject({
      ok: false,
      failures: [expect.stringContaining('Hunk 1')],
    });
    expect(fileAfter('one\n', d, 'src/b.ts')).toEqual({ ok: false, failures: ['The diff does not change src/b.ts.'] });
    expect(fileAfter('one\n', readChangeBlock('diff', 'nothing') as ChangeBlock, 'x')).toMatchObject({ ok: false });
  });

  test('a named file is its whole content', () => {
    const b = readChangeBlock('ts', '// src/a.ts\nnew\n') as ChangeBlock;
    expect(fileAfter('old\n', b, 'src/a.ts')).toEqual({ ok: true, text: 'new\n' });
    expect(fileAfter(undefined, b, 'src/a.ts')).toEqual({ ok: true, text: 'new\n' });
  });

  test('a named file’s block that is a part of the file does not replace it, and says why', () => {
    const b = readChangeBlock('ts', '// src/a.ts\nnew();\n// ... rest unchanged\n') as ChangeBlock;
    expect(fileAfter('old();\nmore();\n', b, 'src/a.ts')).toEqual({
      ok: false,
      failures: [
        'the block looks like a part of the file, not all of it (it marks code as left out: “// ... rest unchanged”).',
      ],
    });
    expect(fileAfter(undefined, b, 'src/a.ts')).toMatchObject({ ok: true });
  });

  test('a renamed file: the new path starts from the old one’s text, which the rename takes away', () => {
    const d = readChangeBlock(
      'diff',
      'diff --git a/old.ts b/new.ts\nrename from old.ts\nrename to new.ts\n--- a/old.ts\n+++ b/new.ts\n@@ -1 +1 @@\n-one\n+two\n',
    ) as ChangeBlock;
    expect(changedFiles(d)).toEqual(['old.ts', 'new.ts']);
    expect(sourceOf(d, 'new.ts')).toBe('old.ts');
    expect(sourceOf(d, 'old.ts')).toBe('old.ts');
    expect(fileAfter('one\n', d, 'new.ts')).toEqual({ ok: true, text: 'two\n' });
    expect(fileAfter('one\n', d, 'old.ts')).toEqual({ ok: true, text: undefined });
    expect(fileAfter(undefined, d, 'old.ts')).toEqual({ ok: false, failures: ['old.ts does not exist.'] });
  });
});
