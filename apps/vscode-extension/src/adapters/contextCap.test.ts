import { describe, expect, test } from 'vitest';
import { fitWhole, nameList, plural } from './contextCap';

describe('cutting generated context at whole pieces', () => {
  test('keeps the pieces that fit, in order, trying the next after one that does not', () => {
    const pieces = ['aaaa', 'bbbbbbbbbb', 'cc', 'dddd'].map((text) => ({ text }));
    const { kept, leftOut } = fitWhole(pieces, 8);
    expect(kept.map((p) => p.text)).toEqual(['aaaa', 'cc']);
    expect(leftOut.map((p) => p.text)).toEqual(['bbbbbbbbbb', 'dddd']);
  });

  test('names up to a length, then counts the rest', () => {
    expect(nameList(['a.ts', 'b.ts'], 100)).toBe('a.ts, b.ts');
    expect(nameList(['a.ts', 'b.ts', 'c.ts', 'd.ts'], 10)).toBe('a.ts, b.ts and 2 more');
    expect(nameList(['a-very-long-name.ts', 'b.ts'], 6)).toBe('a-very… and 1 more');
    expect(nameList([], 10)).toBe('');
  });

  test('counts as people write them', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(1_234, 'problem')).toBe('1,234 problems');
  });
});
