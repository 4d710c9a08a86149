import { describe, expect, test } from 'vitest';
import { plainTitle, TITLE_MAX_CHARS } from './plainTitle';

const title = (text: string) => plainTitle(text, 'New thread');

describe('plainTitle', () => {
  test.each([
    ['@all what should we name the **release**?', 'what should we name the release?'],
    ['@claude, compare `parseArgs` and _yargs_', 'compare parseArgs and yargs'],
    ['## Plan for [the launch](https://example.com/launch)', 'Plan for the launch'],
    ['> quoted\nsecond line', 'quoted'],
    ['- [ ] a task with ~~old~~ words', 'a task with old words'],
    ['1. first *point*', 'first point'],
    ['```ts\nconst a = 1;\n```\nWhy is this slow?', 'Why is this slow?'],
    ['```ts\nconst a = 1;\n```', 'const a = 1;'],
    ['@gpt @claude', 'gpt, claude'],
    ['   \n\t hello    world  ', 'hello world'],
    ['Mail me@example.com about snake_case', 'Mail me@example.com about snake_case'],
    ['![diagram](a.png) explain this', 'diagram explain this'],
    ['>@claude see <b>this</b>', 'see this'],
    ['---', 'New thread'],
  ])('%j -> %j', (text, expected) => {
    expect(title(text)).toBe(expected);
  });

  // Found by the property (seed 1642863352): whitespace that collapses to one space makes a task box, so it must
  // collapse before the markers are taken off, not after, or the title starts with the box it was meant to lose.
  test.each([
    ['[  ]', 'New thread'],
    ['[\t] ship it', 'ship it'],
    ['- [  ] fix the build', 'fix the build'],
    ['[@claude ] review this', 'review this'],
  ])('a bracket that collapses to a task box loses it: %j -> %j', (text, expected) => {
    expect(title(text)).toBe(expected);
  });

  test('a long first line is cut at a word, with an ellipsis, within the limit', () => {
    const result = title(`${'word '.repeat(30)}end`);
    expect(result.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(result).toMatch(/^word( word)*…$/);
  });
});
