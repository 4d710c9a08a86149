import { contextKindLabel, contextPlace } from '@roundtable/core/present';
import type { ViewMessage } from '@roundtable/core/protocol';
import { revealBidiControls } from '../markdown/revealBidi';
import './ContextBlocks.css';

type ContextBlock = NonNullable<ViewMessage['contextBlocks']>[number];

/** Editor context attached to a user message, collapsed by default and shown as plain text. */
export function ContextBlocks({ blocks }: { blocks: ContextBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <div class="context-blocks">
      {blocks.map((block, i) => (
        // Blocks have no id and never reorder within a message, so the index is a stable key.
        <details class="context-block" key={i}>
          <summary>
            {contextKindLabel(block)}: {contextPlace(block)}
          </summary>
          <pre>
            <code>{revealBidiControls(block.content)}</code>
          </pre>
        </details>
      ))}
    </div>
  );
}
