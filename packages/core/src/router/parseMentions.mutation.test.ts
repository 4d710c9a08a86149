import { describe, expect, test } from 'vitest';
import { parseMentions } from './parseMentions';

// Edge cases of code blanking: what is code (and so ignored) and what stays live text around it.
describe('parseMentions: code spans and fences', () => {
  test.each([
    // Blanking replaces code with spaces, so text glued to a code span is still separated from it.
    { name: 'a mention right after a code span glued to a word', text: 'foo`x`@claude', expected: ['claude'] },
    { name: 'a mention before a code span', text: '@gpt `x`', expected: ['gpt'] },
    { name: 'text between two spans stays live', text: '`a` @gpt `b` @claude `c`', expected: ['gpt', 'claude'] },
    { name: 'a mention after a fenced block on the next line', text: '```\n@gpt\n```\n@claude', expected: ['claude'] },
    // Code spans pair backtick runs of the same length.
    { name: 'a double-backtick span hides its mention', text: '``@gpt`` hi', expected: [] },
    { name: 'the end of a long-run span stays hidden', text: '````@gpt```` hi', expected: [] },
    { name: 'a short id at the end of a span stays hidden', text: '``x @a`` hi', expected: [] },
    // Fences: only at the start of a line (after up to three spaces).
    { name: 'tildes after text do not open a fence', text: 'say ~~~\n@gpt', expected: ['gpt'] },
    { name: 'backticks after text do not open a fence', text: 'say ```\n@gpt', expected: ['gpt'] },
    {
      name: 'a tilde fence may have a backtick in its info',
      text: '~~~ a`b\n@gpt\n~~~\n@claude',
      expected: ['claude'],
    },
    { name: 'a closing fence may have trailing spaces', text: '```\n@gpt\n```  \n@claude', expected: ['claude'] },
    {
      name: 'a fence line with text after it does not close',
      text: '```\n``` x\n@gpt\n```\n@claude',
      expected: ['claude'],
    },
  ])('$name', ({ text, expected }) => {
    expect(parseMentions(text)).toEqual(expected);
  });
});

describe('fences in CRLF text', () => {
  test.each([
    ['an unclosed fence hides what follows', '```\r\n@gpt', []],
    ['a closed fence hides only what is inside', '```\r\n@gpt\r\n```\r\n@claude', ['claude']],
    ['a tilde fence with CRLF', '~~~ js\r\n@gpt\r\n~~~\r\n@claude', ['claude']],
  ])('%s', (_name, text, expected) => {
    expect(parseMentions(text)).toEqual(expected);
  });
});
