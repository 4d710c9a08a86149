import { contextKindLabel, contextPlace } from '@roundtable/core/present';
import type { PendingContext } from '@roundtable/core/protocol';
import type { ChatModel } from '../models/ChatModel';
import { Icon } from './icons';
import './ContextChips.css';

/**
 * "a.ts:3-7" for a selection, "a.ts" for a whole file or its problems: the file's name, with its full path in the
 * tooltip. Changes, and the workspace's problems, are named by what they are ("Unstaged changes").
 */
export function chipLabel(block: PendingContext['block']): string {
  if (block.kind === 'changes' || block.path === '.') return contextKindLabel(block);
  const name = block.path.split(/[\\/]/).at(-1) || block.path;
  if (!block.range) return name;
  const [start, end] = block.range;
  return start === end ? `${name}:${start}` : `${name}:${start}-${end}`;
}

/**
 * The editor context the next message takes along ("Add Selection to Chat"), one chip each, above the message box.
 * A chip's close button takes it out; the host owns the list and answers with the change.
 */
export function ContextChips({ chat }: { chat: ChatModel }) {
  const chips = chat.replica.context.value;
  if (chips.length === 0) return null;
  return (
    <ul class="context-chips" data-testid="context-chips" aria-label="Context for the next message">
      {chips.map(({ id, block }) => {
        const label = chipLabel(block);
        const what = contextKindLabel(block);
        return (
          <li class="context-chip" data-testid="context-chip" data-kind={block.kind} key={id}>
            <span class="context-chip-label" title={`${what}: ${contextPlace(block)}`}>
              <span class="visually-hidden">{what} </span>
              {label}
            </span>
            <button
              type="button"
              class="link-button icon-button context-chip-remove"
              aria-label={`Remove ${label}`}
              onClick={() => chat.removeContext(id)}
            >
              <Icon name="close" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
