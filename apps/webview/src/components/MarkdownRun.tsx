import { Component, createRef } from 'preact';
import { highlightCodeIn } from '../markdown/highlightCode';

/** How many finished blocks of a message go in one run (see `MarkdownRun`); the first run stays in the flow. */
export const RUN_SIZE = 32;

/**
 * The size of a run never shown yet (a long message from the history, scrolled past), until it is: about what 32
 * blocks of prose, lists, tables and code take in a sidebar.
 */
const ESTIMATE = `${RUN_SIZE * 4.5}rem`;

interface RunProps {
  blocks: readonly string[];
  /** Skipped by the browser while off screen: the run is full (no block will join it) or the message final. */
  contained: boolean;
  /** The run is the last thing in a final message: its last block ends the message's text. */
  ends: boolean;
}

/**
 * Finished blocks `RUN_SIZE` at a time. While a long reply streams, each update lays out and paints the message
 * again; with every finished block in one flow that grows with the reply (hundreds of blocks by its end), so a
 * contained run is `content-visibility: auto` and off screen the browser skips it whole.
 *
 * Invariant: a run lays out exactly as its blocks would in the message's one flow. A contained run is a formatting
 * context of its own, so margins no longer collapse across its edges; the margins of its first and last element
 * move onto the run, where they collapse with its neighbours' as before (and the last one is dropped when it ends
 * the message, as the stylesheet does for a message's last block). A run still filling is a plain box, which margins
 * collapse through. MarkdownRun.browser.test.tsx checks the layout against one flow.
 *
 * A run that becomes contained where it is already laid out (its last block arrived, or the reply ended) keeps the
 * size it has as its size while skipped: the browser decides whether a newly contained box is on screen only after
 * a first layout, which would otherwise use the estimate and, a screen's height or more off, move the scroll
 * position under the user (or under the list following the output). The styles are set through CSSOM, which the
 * webview's CSP allows.
 */
export class MarkdownRun extends Component<RunProps> {
  private readonly element = createRef<HTMLDivElement>();
  /** The elements whose margins moved onto the run, to give them back when its blocks or its role change. */
  private moved: HTMLElement[] = [];

  override shouldComponentUpdate(next: RunProps): boolean {
    const { blocks, contained, ends } = this.props;
    if (next.contained !== contained || next.ends !== ends || next.blocks.length !== blocks.length) return true;
    return next.blocks.some((html, i) => html !== blocks[i]);
  }

  override componentDidMount(): void {
    this.contain(false);
  }

  override componentDidUpdate(): void {
    this.contain(true);
  }

  /** `laidOut`: the run has been in the page (and laid out) before this update. */
  private contain(laidOut: boolean): void {
    const run = this.element.current;
    if (!run) return;
    for (const el of [run, ...this.moved]) {
      el.style.removeProperty('margin-top');
      el.style.removeProperty('margin-bottom');
    }
    this.moved = [];
    if (!this.props.contained) {
      run.style.removeProperty('content-visibility');
      run.style.removeProperty('contain-intrinsic-size');
      return;
    }
    if (!run.style.contentVisibility) {
      const size = laidOut ? `${run.getBoundingClientRect().height}px` : ESTIMATE;
      run.style.setProperty('contain-intrinsic-size', `auto ${size}`);
      run.style.setProperty('content-visibility', 'auto');
    }
    const first = run.firstElementChild?.firstElementChild;
    const last = run.lastElementChild?.lastElementChild;
    if (!(first instanceof HTMLElement) || !(last instanceof HTMLElement)) return;
    // Read both before changing either (they are the same element for a one-line block).
    const top = getComputedStyle(first).marginTop;
    const bottom = this.props.ends ? '0px' : getComputedStyle(last).marginBottom;
    run.style.marginTop = top;
    run.style.marginBottom = bottom;
    first.style.marginTop = '0px';
    last.style.marginBottom = '0px';
    this.moved = [first, last];
  }

  override render() {
    return (
      <div ref={this.element} class="md-run">
        {this.props.blocks.map((html, index) => (
          <MarkdownBlock key={index} html={html} final={true} />
        ))}
      </div>
    );
  }
}

/**
 * One block's HTML. Once final, its code blocks are highlighted (once each, in idle time). It renders again only
 * when its HTML changes (a finished block never does), so a long reply costs one comparison per block per update
 * and the highlighted DOM stays.
 */
export class MarkdownBlock extends Component<{ html: string; final: boolean }> {
  private readonly element = createRef<HTMLDivElement>();

  override shouldComponentUpdate(next: { html: string; final: boolean }): boolean {
    return next.html !== this.props.html || next.final !== this.props.final;
  }

  override componentDidMount(): void {
    this.highlight();
  }

  override componentDidUpdate(): void {
    this.highlight();
  }

  private highlight(): void {
    const element = this.element.current;
    if (this.props.final && element && this.props.html.includes('<pre')) highlightCodeIn(element);
  }

  override render() {
    // The only dangerouslySetInnerHTML: `html` is renderMarkdown's (html: false, link allowlist, no images), perhaps
    // with escaped plain text at its end (`withPlainTail`).
    return <div ref={this.element} class="md-block" dangerouslySetInnerHTML={{ __html: this.props.html }} />;
  }
}
