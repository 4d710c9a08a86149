import { MarkdownSplitter } from './MarkdownSplitter';
import { withPlainTail } from './plainTail';

export type RenderHtml = (markdown: string) => string;

/** The open rest is parsed again only once it is this many times as long as when it was last parsed. */
const REPARSE_GROWTH = 1.5;

/** A message's Markdown as the view shows it: finished blocks as HTML, then the open rest. */
export interface RenderedMarkdown {
  /** One HTML string per finished block; the same strings as last time for the blocks that were already there. */
  readonly blocks: readonly string[];
  /** The open rest: HTML, or a code block still streaming, which is shown as plain text until its fence closes. */
  readonly rest: { readonly html: string } | { readonly code: string; readonly info: string } | undefined;
}

/**
 * One message's Markdown, rendered block by block as it grows: each finished block is parsed once, a fenced code
 * block still streaming not at all, and the open rest again only when it can pay for it.
 *
 * The budget, which holds for any batch sizes (a delta of one character included): at most twice the text's length
 * is parsed in all. Each character that arrives brings two characters of parsing: one is kept for the block (or the
 * final rest) it ends up in, parsed once when finished; the other goes to `credit`, as does the reserve of a finished
 * block that needs no parse (the rest parsed last time was that very block). The open rest is parsed again, while
 * the text streams, only when `credit` covers its length, and once it has grown by half since its last parse (so the
 * credit goes to a few parses spread over the block, not to one per character of its start). Between two parses the
 * rest shows the HTML of its last parse with what came since as plain text at its end (`withPlainTail`): the words
 * appear as they arrive, and their Markdown (emphasis, a new list item) a parse later. So a long paragraph written a
 * few characters at a time is parsed a handful of times, not once per delta; the price is that a block much longer
 * than the ones before it may show its end as plain text until it is finished (the bound allows no more).
 *
 * Once final, everything is parsed as it is: the blocks and the rest render exactly as the whole text does.
 */
export class MarkdownBlocks {
  private readonly splitter = new MarkdownSplitter();
  private sources: readonly string[] = [];
  private html: string[] = [];
  /** The rest as last parsed: its source and HTML. */
  private rest: { source: string; html: string } | undefined;
  /** The text's length at the last update, to tell what arrived since. */
  private length = 0;
  /** Characters of parsing the open rest may spend. */
  private credit = 0;
  /** Characters parsed since the text was last replaced (for tests and the bench). */
  parsed = 0;

  constructor(private readonly render: RenderHtml) {}

  /** `final`: the message is no longer streaming, so its last line is complete. */
  update(text: string, final: boolean): RenderedMarkdown {
    const split = this.splitter.update(text, final);
    // The splitter keeps one array while the text grows, and starts a new one when the text is replaced.
    if (split.blocks !== this.sources) this.restart();
    this.credit += text.length - this.length;
    this.length = text.length;
    for (let i = this.html.length; i < split.blocks.length; i++) {
      const source = split.blocks[i] ?? '';
      // The rest parsed last time often is the block now finished: its reserve is then spare.
      if (this.rest?.source === source) {
        this.html.push(this.rest.html);
        this.credit += source.length;
      } else this.html.push(this.parse(source));
    }
    this.sources = split.blocks;
    if (split.openFence) return { blocks: this.html, rest: split.openFence };
    if (split.rest === '') return { blocks: this.html, rest: undefined };
    return { blocks: this.html, rest: { html: this.restHtml(split.rest, final) } };
  }

  private restHtml(source: string, final: boolean): string {
    const last = this.rest;
    if (last?.source === source) return last.html;
    const stale = last !== undefined && source.startsWith(last.source);
    // Final: the rest is parsed from its reserve. Otherwise only from credit, or when nothing shown so far is it.
    const grown = !stale || source.length >= REPARSE_GROWTH * last.source.length;
    if (final || (grown && this.credit >= source.length)) {
      if (!final) this.credit -= source.length;
      this.rest = { source, html: this.parse(source) };
      return this.rest.html;
    }
    // The HTML drops the whitespace its source ended with (a line's end): the plain text starts with it instead.
    return stale ? withPlainTail(last.html, source.slice(last.source.trimEnd().length)) : withPlainTail('', source);
  }

  private parse(source: string): string {
    this.parsed += source.length;
    return this.render(source);
  }

  private restart(): void {
    this.html = [];
    this.rest = undefined;
    this.length = 0;
    this.credit = 0;
    this.parsed = 0;
  }
}
