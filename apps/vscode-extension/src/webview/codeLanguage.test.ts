import { describe, expect, it } from 'vitest';
import { languageIdFor } from './codeLanguage';

const KNOWN = ['plaintext', 'python', 'shellscript', 'typescript', 'typescriptreact', 'go', 'csharp'];

describe('languageIdFor', () => {
  it.each([
    ['ts', 'typescript'],
    ['TSX', 'typescriptreact'],
    ['python', 'python'],
    ['bash', 'shellscript'],
    ['go {.line-numbers}', 'go'],
    ['c#', 'csharp'],
    ['', undefined],
    ['rust', undefined], // not known to this VS Code
    ['<script>', undefined],
  ])('%j is %j', (tag, id) => {
    expect(languageIdFor(tag, KNOWN)).toBe(id);
  });
});
