import { useRef } from 'preact/hooks';
import { MarkdownBlocks } from '../markdown/MarkdownBlocks';
import type { RenderMarkdown } from '../models/MarkdownModel';
import { MarkdownBlock, MarkdownRun, RUN_SIZE } from './MarkdownRun';
import './MarkdownContent.css';

/**
 * A message's text as Markdown, block by block (see `MarkdownBlocks`): a finished block's HTML never changes, so
 * Preact leaves its DOM alone (selection, scroll anchoring and a later highlight stay put), and only the open rest
 * is replaced as a reply streams. Each block's wrapper has `display: contents`, so the blocks lay out as one flow.
 * The first `RUN_SIZE` finished blocks sit in that flow directly, every later one in a run (`MarkdownRun`) that the
 * browser skips while off screen; a block's place (flow or run) follows from its index, so blocks never move.
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
  const runs: (readonly string[])[] = [];
  for (let at = RUN_SIZE; at < shown.blocks.length; at += RUN_SIZE) runs.push(shown.blocks.slice(at, at + RUN_SIZE));
  return (
    <div class="message-content markdown" data-testid="message-content">
      {shown.blocks.slice(0, RUN_SIZE).map((html, index) => (
        // A block's index is its identity: finished blocks never move.
        <MarkdownBlock key={index} html={html} final={true} />
      ))}
      {runs.map((run, index) => (
        <MarkdownRun
          key={`run-${index}`}
          blocks={run}
          contained={final || run.length === RUN_SIZE}
          ends={final && rest === undefined && index === runs.length - 1}
        />
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
