/**
 * Cuts a growing Markdown text into blocks that nothing written later can change, and the open rest, so a
 * streaming reply parses each finished block once instead of the whole reply on every batch.
 *
 * A cut is made only where CommonMark guarantees the text before it is finished:
 * - before a fence that opens at column 0 (it ends any paragraph or list before it), and after one that closed;
 * - before and after a heading at column 0 (one line, which also ends any paragraph or list before it);
 * - after a blank line outside a fence, before a line at column 0, unless that line is a list item that could
 *   continue a list in the block above.
 * Everything else stays in the open rest. Reference-style link definitions, which may come after the links that use
 * them, are the one construct this can render differently, and models do not write them.
 *
 * Invariants: the blocks and the rest, joined, are the text; a block, once returned, is never returned changed;
 * each call scans only the lines not scanned before (when the text grows by appending, as a stream does).
 */
export interface MarkdownSplit {
  /**
   * Finished blocks, in order: the previous call's blocks and maybe more, in the same array object while the text
   * only grows (a new array once it was replaced).
   */
  readonly blocks: readonly string[];
  /** What may still change. */
  readonly rest: string;
  /** Set when the rest is one fenced code block that has not closed yet. */
  readonly openFence?: { readonly info: string; readonly code: string };
}

interface Fence {
  char: '`' | '~';
  length: number;
  info: string;
  /** Columns before its opening marker. */
  indent: number;
  /** Where its opening line starts, when that is also where the rest starts (a column-0 fence). */
  start: number;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
/** A list item's first line: a marker after at most three spaces, then a space, a tab or the line's end. */
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

export class MarkdownSplitter {
  private text = '';
  private blocks: string[] = [];
  /** Where the open rest starts. */
  private restStart = 0;
  /** Where the first line not yet scanned starts. */
  private scanned = 0;
  private fence: Fence | undefined;
  /** The scanned text ends with a blank line outside a fence: a cut may come before the next line. */
  private afterBlank = false;
  /**
   * Set when the text stops being certain: a fence indented by one to three columns may sit in a list item or at
   * the top level, and a line indented less than it means different things in each. No cut is made after that.
   */
  private uncertain = false;
  /** The text was given as final: its last line was scanned although it has no newline. */
  private final = false;
  /** The open block has a list item at column 0: after a blank line, a list item or an indented line may continue it. */
  private listOpen = false;

  /** `final`: the text is complete (its last line is finished even without a newline). */
  update(text: string, final = false): MarkdownSplit {
    if (!text.startsWith(this.text) || (this.final && text !== this.text)) this.reset();
    this.text = text;
    this.final = final;
    let lineEnd = text.indexOf('\n', this.scanned);
    while (lineEnd !== -1 && !this.uncertain) {
      this.scanLine(this.scanned, lineEnd);
      this.scanned = lineEnd + 1;
      lineEnd = text.indexOf('\n', this.scanned);
    }
    if (this.scanned < text.length && !this.uncertain) {
      if (final) {
        this.scanLine(this.scanned, text.length);
        this.scanned = text.length;
      } else {
        // The last line is still being written: it decides a cut only if its start cannot change meaning.
        this.lineStarts(this.scanned, text.slice(this.scanned), false);
      }
    }
    return this.split();
  }

  private scanLine(start: number, end: number): void {
    const line = this.text.slice(start, end);
    if (this.fence) {
      if (this.fence.indent > 0 && line.trim() !== '' && indentOf(line) < this.fence.indent) {
        this.uncertain = true;
        return;
      }
      const match = FENCE.exec(line);
      if (match && match[2]?.[0] === this.fence.char && match[2].length >= this.fence.length && !match[3]?.trim()) {
        const topLevel = this.fence.start === this.restStart;
        this.fence = undefined;
        if (topLevel) this.cut(Math.min(end + 1, this.text.length));
      }
      return;
    }
    this.lineStarts(start, line, true);
    const match = FENCE.exec(line);
    if (match?.[2] && !(match[2][0] === '`' && match[3]?.includes('`'))) {
      // A fence at column 0 ends whatever came before it (a paragraph, a list, a quote).
      const atColumn0 = match[1] === '';
      if (atColumn0) this.cut(start);
      this.fence = {
        char: match[2][0] as '`' | '~',
        length: match[2].length,
        info: match[3]?.trim() ?? '',
        indent: match[1]?.length ?? 0,
        start: atColumn0 ? start : -1,
      };
      this.afterBlank = false;
      return;
    }
    if (ATX_HEADING.test(line)) {
      // A heading is one line, and it ends whatever came before it.
      this.cut(start);
      this.cut(Math.min(end + 1, this.text.length));
    }
    if (LIST_ITEM.test(line)) this.listOpen = true;
    this.afterBlank = line.trim() === '';
  }

  /**
   * A line (not in a fence) starts at `start`: after a blank line, cut before it if it opens a new block for certain.
   * A line still being written (`complete` false) decides only from a first character that no longer-written line
   * could change.
   */
  private lineStarts(start: number, line: string, complete: boolean): void {
    if (line.trim() === '' || !this.afterBlank) return;
    // An indented line may continue a list item or an indented code block across the blank line.
    const first = line[0] ?? '';
    if (first === ' ' || first === '\t') return;
    // A list item may continue a list above; with none in the block, it starts a new one.
    if (this.listOpen && (LIST_ITEM.test(line) || (!complete && /[-*+\d]/.test(first)))) return;
    this.cut(start);
    this.afterBlank = false;
  }

  /** Ends a block at `at`; blank lines alone are no block (they stay at the start of the next one). */
  private cut(at: number): void {
    if (at <= this.restStart || this.text.slice(this.restStart, at).trim() === '') return;
    this.blocks.push(this.text.slice(this.restStart, at));
    this.restStart = at;
    this.listOpen = false;
  }

  private split(): MarkdownSplit {
    const rest = this.text.slice(this.restStart);
    // A fence's opening line still being written: code follows, so it is shown as code from its first character.
    const opening = !this.final && this.scanned === this.restStart ? FENCE.exec(rest) : null;
    if (opening?.[1] === '' && !this.uncertain) return { blocks: this.blocks, rest, openFence: { info: '', code: '' } };
    const fence = this.fence;
    if (fence && !this.uncertain && !this.final && fence.start === this.restStart) {
      const firstLineEnd = rest.indexOf('\n');
      const code = firstLineEnd === -1 ? '' : rest.slice(firstLineEnd + 1);
      return { blocks: this.blocks, rest, openFence: { info: fence.info, code } };
    }
    return { blocks: this.blocks, rest };
  }

  private reset(): void {
    this.text = '';
    this.blocks = [];
    this.restStart = 0;
    this.scanned = 0;
    this.fence = undefined;
    this.afterBlank = false;
    this.uncertain = false;
    this.final = false;
    this.listOpen = false;
  }
}

/** Leading columns, a tab counting to the next multiple of four as CommonMark counts it. */
function indentOf(line: string): number {
  let columns = 0;
  for (const char of line) {
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}
