import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longReply } from '../testing/longReply';
import { chunked, markdownDocument } from '../testing/markdownDocuments';
import { MarkdownBlocks, type RenderedMarkdown } from './MarkdownBlocks';
import { withPlainTail } from './plainTail';
import { renderMarkdown } from './renderMarkdown';

/** What the view shows, as one HTML string (an open fence as its code, escaped as Preact would). */
function shown(rendered: RenderedMarkdown): string {
  const { rest } = rendered;
  const tail = rest === undefined ? '' : 'html' in rest ? rest.html : withPlainTail('', rest.code);
  return rendered.blocks.join('') + tail;
}

/** A text cut into pieces of `size` characters, as a stream of growing texts. */
function growing(text: string, size: number): string[] {
  return Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(0, (i + 1) * size));
}

describe('MarkdownBlocks, for any document and any way it streams in', () => {
  it('renders, once final, exactly what parsing the whole text at once does, and parses at most twice its length', () => {
    fc.assert(
      fc.property(markdownDocument, fc.array(fc.nat(), { maxLength: 40 }), (text, cuts) => {
        const blocks = new MarkdownBlocks(renderMarkdown);
        for (const step of chunked(text, cuts)) blocks.update(step, false);
        expect(shown(blocks.update(text, true))).toBe(renderMarkdown(text));
        expect(blocks.parsed).toBeLessThanOrEqual(2 * text.length);
      }),
      { numRuns: 600 },
    );
  });

  it('shows every character that has arrived, as Markdown or as plain text', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => {
        const text =
          'Some **bold** prose that keeps going\nover lines, then\n\n- a list\n- of items\n\nAnd more words.';
        const blocks = new MarkdownBlocks(renderMarkdown);
        for (const step of chunked(text, cuts)) {
          const div = document.createElement('div');
          div.innerHTML = shown(blocks.update(step, false));
          // Markdown's own marks may still show or be gone; every word written so far is there.
          const words = step.split(/[\s*-]+/).filter((word) => word !== '');
          for (const word of words) expect(div.textContent).toContain(word);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('MarkdownBlocks while a long reply streams', () => {
  const reply = longReply(6_000);

  it.each([1, 3, 8, 50])('parses at most twice the reply’s length in batches of %i characters', (size) => {
    const blocks = new MarkdownBlocks(renderMarkdown);
    for (const step of growing(reply, size)) blocks.update(step, false);
    expect(shown(blocks.update(reply, true))).toBe(renderMarkdown(reply));
    expect(blocks.parsed).toBeLessThanOrEqual(2 * reply.length);
  });

  it('parses the open paragraph again once enough has arrived to pay for it, showing new words meanwhile', () => {
    const parsed: string[] = [];
    const blocks = new MarkdownBlocks((text) => {
      parsed.push(text);
      return renderMarkdown(text);
    });
    const intro = 'An introduction, finished.\n\n';
    // A finished paragraph, parsed whole while it was the rest: finishing it costs nothing, which leaves credit.
    blocks.update(intro, false);
    expect(shown(blocks.update(`${intro}Hello **wor`, false))).toBe(
      '<p>An introduction, finished.</p>\n<p>Hello **wor</p>\n',
    );
    expect(parsed).toEqual([intro, 'Hello **wor']);
    // Grown by less than half: the new characters are shown as text, unparsed.
    expect(shown(blocks.update(`${intro}Hello **world`, false))).toBe(
      '<p>An introduction, finished.</p>\n<p>Hello **world</p>\n',
    );
    expect(parsed).toHaveLength(2);
    expect(shown(blocks.update(`${intro}Hello **world** and so on!`, false))).toBe(
      '<p>An introduction, finished.</p>\n<p>Hello <strong>world</strong> and so on!</p>\n',
    );
    expect(parsed).toEqual([intro, 'Hello **wor', 'Hello **world** and so on!']);
  });

  it('keeps the line break its last parse ended with between that HTML and the plain text after it', () => {
    const blocks = new MarkdownBlocks(renderMarkdown);
    blocks.update('gpt 0\n', false);
    const div = document.createElement('div');
    div.innerHTML = shown(blocks.update('gpt 0\ngpt 1', false));
    expect(div.textContent?.replace(/\s+/g, ' ').trim()).toBe('gpt 0 gpt 1');
  });

  it('starts over, budget included, when the text is replaced rather than extended', () => {
    const blocks = new MarkdownBlocks(renderMarkdown);
    blocks.update('First try, with _emphasis_.', true);
    expect(shown(blocks.update('Second *try*.', true))).toBe(renderMarkdown('Second *try*.'));
    expect(blocks.parsed).toBe('Second *try*.'.length);
  });
});

describe('withPlainTail', () => {
  it('puts the text inside the last element, escaped, with bidirectional controls shown', () => {
    expect(withPlainTail('<ul>\n<li>one</li>\n</ul>\n', ' <b>&\u202e')).toBe(
      '<ul>\n<li>one &lt;b&gt;&amp;[U+202E]</li>\n</ul>\n',
    );
    expect(withPlainTail('', 'a < b')).toBe('<p>a &lt; b</p>\n');
  });
});
