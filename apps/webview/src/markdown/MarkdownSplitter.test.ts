import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunked, markdownDocument } from '../testing/markdownDocuments';
import { MarkdownSplitter } from './MarkdownSplitter';
import { renderMarkdown } from './renderMarkdown';

function splitAll(text: string) {
  return new MarkdownSplitter().update(text);
}

describe('MarkdownSplitter', () => {
  it('cuts between paragraphs, headings and rules once a blank line and the next line say so', () => {
    expect(splitAll('# Title\n\nOne.\n\n---\n\nTwo, still being wri')).toEqual({
      blocks: ['# Title\n', '\nOne.\n\n', '---\n\n'],
      rest: 'Two, still being wri',
    });
  });

  it('cuts around a heading even without blank lines, since it ends the paragraph or list above it', () => {
    expect(splitAll('Intro\n## Part\n- a\n# Next\nText')).toEqual({
      blocks: ['Intro\n', '## Part\n', '- a\n', '# Next\n'],
      rest: 'Text',
    });
  });

  it('keeps a list whole across blank lines, and an indented line with the item above it', () => {
    const text = 'Intro.\n\n- a\n\n- b\n\n  more of b\n\n1. one\n\n2. two\n\nAfter.';
    expect(splitAll(text)).toEqual({
      blocks: ['Intro.\n\n', '- a\n\n- b\n\n  more of b\n\n1. one\n\n2. two\n\n'],
      rest: 'After.',
    });
  });

  it('waits on a line still being written whose first character could start a list item', () => {
    const splitter = new MarkdownSplitter();
    expect(splitter.update('- a\n\n2').blocks).toEqual([]);
    expect(splitter.update('- a\n\n2024 was a year.').blocks).toEqual([]);
    expect(splitter.update('- a\n\n2024 was a year.\n').blocks).toEqual(['- a\n\n']);
    expect(new MarkdownSplitter().update('- a\n\nW').blocks).toEqual(['- a\n\n']);
    // With no list before it, whatever the line becomes, it starts a new block.
    expect(new MarkdownSplitter().update('Intro.\n\n2').blocks).toEqual(['Intro.\n\n']);
  });

  it('gives an open fence as plain code, cuts before it and after it closes, and never inside it', () => {
    const splitter = new MarkdownSplitter();
    const open = splitter.update('Here:\n```ts\nconst a = 1;\n\nconst b = 2;\n');
    expect(open).toEqual({
      blocks: ['Here:\n'],
      rest: '```ts\nconst a = 1;\n\nconst b = 2;\n',
      openFence: { info: 'ts', code: 'const a = 1;\n\nconst b = 2;\n' },
    });
    // A shorter run of backticks, or one with text after it, does not close a fence.
    expect(splitter.update('Here:\n```ts\nconst a = 1;\n\nconst b = 2;\n`` \n```js\n').openFence).toBeDefined();
    const closed = splitter.update('Here:\n```ts\nconst a = 1;\n\nconst b = 2;\n`` \n```js\n````\nThen');
    expect(closed.blocks).toEqual(['Here:\n', '```ts\nconst a = 1;\n\nconst b = 2;\n`` \n```js\n````\n']);
    expect(closed).toMatchObject({ rest: 'Then' });
    expect(closed.openFence).toBeUndefined();
  });

  it('does not treat a fence inside a list item as a place to cut', () => {
    const text = '- step\n  ```sh\n  run\n\n  again\n  ```\n\nDone.';
    expect(splitAll(text)).toEqual({ blocks: ['- step\n  ```sh\n  run\n\n  again\n  ```\n\n'], rest: 'Done.' });
  });

  it('stops cutting once a fence indented under a list item is followed by a line indented less than it', () => {
    // In a list item the column-0 fence opens a new block of code; at the top level it would close the first one.
    const text = '- item\n   ```\n```\n\n> quoted\n\nMore.';
    expect(splitAll(text)).toEqual({ blocks: [], rest: text });
  });

  it('once the text is final, its last line counts as finished, and an unclosed fence is Markdown again', () => {
    const splitter = new MarkdownSplitter();
    expect(splitter.update('Run:\n```sh\npnpm test\n```').openFence).toBeDefined();
    expect(splitter.update('Run:\n```sh\npnpm test\n```', true)).toEqual({
      blocks: ['Run:\n', '```sh\npnpm test\n```'],
      rest: '',
    });
    expect(new MarkdownSplitter().update('```sh\nnever closed', true)).toEqual({
      blocks: [],
      rest: '```sh\nnever closed',
    });
  });

  it('starts over when the text is replaced rather than extended (a retry)', () => {
    const splitter = new MarkdownSplitter();
    splitter.update('First.\n\nSecond.\n\nThi');
    expect(splitter.update('Other.\n\nX')).toEqual({ blocks: ['Other.\n\n'], rest: 'X' });
  });
});

describe('MarkdownSplitter, for any document and any way it streams in', () => {
  it('keeps every character, never changes a finished block, and renders exactly as the whole text does', () => {
    fc.assert(
      fc.property(markdownDocument, fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        const splitter = new MarkdownSplitter();
        let previous: readonly string[] = [];
        let last = splitter.update('');
        for (const step of chunked(text, cuts)) {
          last = splitter.update(step);
          expect(last.blocks.join('') + last.rest).toBe(step);
          expect(last.blocks.slice(0, previous.length)).toEqual(previous);
          previous = [...last.blocks];
        }
        // The same cuts whether the text arrived at once or in pieces.
        expect(splitAll(text).blocks).toEqual(last.blocks);
        // Once complete, the pieces render exactly as the whole text does.
        const done = splitter.update(text, true);
        expect(done.blocks.slice(0, previous.length)).toEqual(previous);
        expect(done.blocks.join('') + done.rest).toBe(text);
        expect(done.openFence).toBeUndefined();
        const pieces = [...done.blocks, done.rest].map((block) => renderMarkdown(block)).join('');
        expect(pieces).toBe(renderMarkdown(text));
      }),
      { numRuns: 600 },
    );
  });
});
