import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseMentions } from '../router/parseMentions';
import { plainTitle, TITLE_MAX_CHARS } from './plainTitle';

// Whatever a first message says, its title is plain words: no mention, and no Markdown syntax where Markdown would
// read it as syntax. Messages are made of words and of the pieces people type: mentions, emphasis, code, links,
// headings, quotes, list markers, fences and odd whitespace, in any order.

const word = fc.stringMatching(/^[A-Za-z][a-z0-9]{0,7}$/);
const piece = fc.oneof(
  word,
  word.map((w) => `@${w}`),
  fc.constantFrom('@all', '**', '*', '_', '__', '~~', '`', '```', '~~~', '#', '## ', '> ', '- ', '+ ', '1. ', '[ ] '),
  // Brackets round whitespace that collapses to the task box `[ ]`: the title once started with that box.
  fc.constantFrom('[  ]', '[\t]'),
  fc.constantFrom('[', ']', '(', ')', '](', '!', '\\', '<b>', '</b>', '<https://example.com>', '---', '==='),
  word.map((w) => `[${w}](https://example.com/${w})`),
  word.map((w) => `![${w}](${w}.png)`),
  word.map((w) => `\`${w}\``),
  word.map((w) => `_${w}_`),
  word.map((w) => `snake_${w}`),
  fc.constantFrom(' ', '  ', '\n', '\n\n', '\t', '\r\n', ',', '.', ':'),
);
const message = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

test('a title is never empty, holds no mention and no Markdown syntax in syntax position, and is short', () => {
  fc.assert(
    fc.property(message, (text) => {
      const title = plainTitle(text, 'New thread');
      expect(title.trim()).not.toBe('');
      expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
      expect(parseMentions(title)).toEqual([]);
      expect(title).not.toMatch(/[`*~]/);
      expect(title).not.toMatch(/\]\(|\]\[/);
      expect(title).not.toMatch(/^(#{1,6}|>|[-+]|\d{1,9}[.)]|\[[ xX]\])(\s|$)/);
      expect(title).not.toMatch(/(^|[^\p{L}\p{N}])_|_($|[^\p{L}\p{N}])/u);
      expect(title).not.toMatch(/<\/?[A-Za-z][^>]*>/);
      expect(title).not.toMatch(/\s{2}|^\s|\s$/);
    }),
    { numRuns: 2000 },
  );
});
