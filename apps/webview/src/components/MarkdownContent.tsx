import { useRef } from 'preact/hooks';
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
        // The only dangerouslySetInnerHTML: `render` is renderMarkdown (html: false, link allowlist, no images).
        // A block's index is its identity: finished blocks never move.
        <div key={index} class="md-block" dangerouslySetInnerHTML={{ __html: html }} />
      ))}
      {rest === undefined ? null : 'html' in rest ? (
        <div key="rest" class="md-block" dangerouslySetInnerHTML={{ __html: rest.html }} />
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
