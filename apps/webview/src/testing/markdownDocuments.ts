import fc from 'fast-check';

// Generators for property tests of streamed Markdown (the splitter's, and the blocks' rendered from it).

/** Markdown as models write it, a line at a time: the constructs whose boundaries the splitter must respect. */
const line = fc.oneof(
  fc.constantFrom(
    '',
    '',
    'Some prose with `code` and **bold**.',
    'Another sentence, continuing.',
    '# Heading',
    '## Smaller heading',
    '#',
    '#hashtag',
    '####### seven',
    '---',
    '***',
    '> quoted',
    '- item',
    '* item',
    '1. first',
    '2) second',
    '  indented continuation',
    '    indented code',
    '```',
    '```ts',
    '~~~',
    '````',
    '   ```',
    '| a | b |',
    '| --- | --- |',
    '| 1 | 2 |',
    'Title',
    '===',
    '2024 is a number, not a list.',
    '-not a list',
    '[link](https://example.com)',
    '  ```',
    ' - nested',
    '\tcode after a tab',
    '> ```',
    '+ item',
    '10. ten',
    '~~~~',
    '```js`',
    '<div>',
    '> - quoted item',
    '   3. indented item',
    '-',
    // Not '[ref]: https://…': a definition may follow the links that use it, the one case rendered differently.
  ),
  fc.string({ maxLength: 12 }),
);

/** A document of such lines. */
export const markdownDocument = fc.array(line, { maxLength: 40 }).map((lines) => lines.join('\n'));

/** Any way a stream can cut the text into network reads. */
export function chunked(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const steps: string[] = [];
  for (const point of points) steps.push(text.slice(0, point));
  steps.push(text);
  return steps;
}
