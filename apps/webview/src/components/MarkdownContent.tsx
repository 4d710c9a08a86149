import { Component, createRef } from 'preact';
import { useRef } from 'preact/hooks';
import { highlightCodeIn } from '../markdown/highlightCode';
import { MarkdownBlocks } from '../markdown/MarkdownBlocks';
import type { RenderMarkdown } from '../models/MarkdownModel';

/**
 * A message's text as Markdown, block by block (see `MarkdownBlocks`): a finished block's HTML never changes, so
 * Preact leaves its DOM alone (selection, scroll anchoring and a later highlight stay put), and only the open rest
 * is replaced as a reply streams. Each block's wrapper has `display: contents`, so the blocks lay out as one flow.
 */
export function MarkdownContent({
  content,
  final,
  render,
}: {
  content: string;
  final: boolean;
  render: RenderMarkdown;
}) {
  const blocks = useRef<{ render: RenderMarkdown; model: MarkdownBlocks }>();
  if (blocks.current?.render !== render) blocks.current = { render, model: new MarkdownBlocks(render) };
  const shown = blocks.current.model.update(content, final);
  const rest = shown.rest;
  return (
    <div class="message-content markdown" data-testid="message-content">
      {shown.blocks.map((html, index) => (
        // A block's index is its identity: finished blocks never move.
        <MarkdownBlock key={index} html={html} final={true} />
      ))}
      {rest === undefined ? null : 'html' in rest ? (
        // Still open while streaming: re-rendered on each update, so its code is highlighted only once final.
        <MarkdownBlock key="rest" html={rest.html} final={final} />
      ) : (
        <div key="rest" class="code-block code-block--streaming" data-language={rest.info || undefined}>
          <pre>
            <code>{rest.code}</code>
          </pre>
        </div>
      )}
    </div>
  );
}

/**
 * One block's HTML. Once final, its code blocks are highlighted (once each, in idle time). It renders again only
 * when its HTML changes (a finished block never does), so a long reply costs one comparison per block per update
 * and the highlighted DOM stays.
 */
class MarkdownBlock extends Component<{ html: string; final: boolean }> {
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
    // The only dangerouslySetInnerHTML: `html` is renderMarkdown's (html: false, link allowlist, no images).
    return <div ref={this.element} class="md-block" dangerouslySetInnerHTML={{ __html: this.props.html }} />;
  }
}
