import { describe, expect, test } from 'vitest';
import { fileContextBlock } from './fileContextBlock';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a workspace file as context', () => {
  test('is a file block with its text and the editor language', () => {
    expect(fileContextBlock('src/a.ts', bytes('export const a = 1;\n'), 'typescript')).toEqual({
      ok: true,
      block: { kind: 'file', path: 'src/a.ts', content: 'export const a = 1;\n', language: 'typescript' },
    });
  });

  test('drops a byte-order mark and says nothing of plain text', () => {
    expect(fileContextBlock('notes.txt', bytes('\uFEFFhello é'), 'plaintext')).toEqual({
      ok: true,
      block: { kind: 'file', path: 'notes.txt', content: 'hello é' },
    });
  });

  test('refuses a binary file, saying why', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(fileContextBlock('shot.png', png)).toEqual({
      ok: false,
      reason: 'shot.png looks like a binary file; only text files can be added to the chat.',
    });
  });

  test('looks for NUL bytes only in the first 8 KB', () => {
    const late = new Uint8Array(9_000).fill(0x61);
    late[8_500] = 0;
    expect(fileContextBlock('big.log', late).ok).toBe(true);
  });
});
