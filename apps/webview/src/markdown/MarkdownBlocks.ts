import { MarkdownSplitter } from './MarkdownSplitter';

export type RenderHtml = (markdown: string) => string;

/** A message's Markdown as the view shows it: finished blocks as HTML, then the open rest. */
export interface RenderedMarkdown {
  /** One HTML string per finished block; the same strings as last time for the blocks that were already there. */
  readonly blocks: readonly string[];
  /** The open rest: HTML, or a code block still streaming, which is shown as plain text until its fence closes. */
  readonly rest: { readonly html: string } | { readonly code: string; readonly info: string } | undefined;
}

/**
 * One message's Markdown, rendered block by block as it grows: each finished block is parsed once, the open rest on
 * each update, and a fenced code block still streaming not at all. So a reply of n characters costs about n
 * characters of parsing in all, plus its open paragraph as it is written, instead of its whole length on every batch.
 */
export class MarkdownBlocks {
  private readonly splitter = new MarkdownSplitter();
  private sources: readonly string[] = [];
  private html: string[] = [];
  private rest: { source: string; html: string } | undefined;

  constructor(private readonly render: RenderHtml) {}

  /** `final`: the message is no longer streaming, so its last line is complete. */
  update(text: string, final: boolean): RenderedMarkdown {
    const split = this.splitter.update(text, final);
    // The splitter keeps one array while the text grows, and starts a new one when the text is replaced.
    if (split.blocks !== this.sources) this.html = [];
    for (let i = this.html.length; i < split.blocks.length; i++) {
      const source = split.blocks[i] ?? '';
      // The rest rendered last time often is the block now finished: no need to parse it again.
      this.html.push(this.rest?.source === source ? this.rest.html : this.render(source));
    }
    this.sources = split.blocks;
    if (split.openFence) return { blocks: this.html, rest: split.openFence };
    if (split.rest === '') return { blocks: this.html, rest: undefined };
    if (this.rest?.source !== split.rest) this.rest = { source: split.rest, html: this.render(split.rest) };
    return { blocks: this.html, rest: { html: this.rest.html } };
  }
}
