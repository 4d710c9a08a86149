import { describe, expect, test } from 'vitest';
import { andList } from './andList';

describe('andList', () => {
  test.each([
    [[], ''],
    [['GPT'], 'GPT'],
    [['GPT', 'Gemini'], 'GPT and Gemini'],
    [['GPT', 'Gemini', 'Kimi'], 'GPT, Gemini and Kimi'],
  ])('%j → %s', (names, text) => expect(andList(names)).toBe(text));
});
