import type { ViewMessage } from '@roundtable/core/protocol';
import { revealBidiControls } from '../markdown/revealBidi';
import './ContextBlocks.css';

type ContextBlock = NonNullable<ViewMessage['contextBlocks']>[number];

function describe(block: ContextBlock): string {
  if (!block.range) return block.path;
  const [start, end] = block.range;
  return start === end ? `${block.path}:${start}` : `${block.path}:${start}-${end}`;
}

/** Editor context attached to a user message, collapsed by default and shown as plain text. */
export function ContextBlocks({ blocks }: { blocks: ContextBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <div class="context-blocks">
      {blocks.map((block, i) => (
        // Blocks have no id and never reorder within a message, so the index is a stable key.
        <details class="context-block" key={i}>
          <summary>
            {block.kind === 'file' ? 'File' : 'Selection'} {describe(block)}
          </summary>
          <pre>
            <code>{revealBidiControls(block.content)}</code>
          </pre>
        </details>
      ))}
    </div>
  );
}
