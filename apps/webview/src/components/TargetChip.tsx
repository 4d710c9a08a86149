import { computed } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import type { ComposerModel } from '../models/ComposerModel';
import { groupLabel } from '../models/groups';
import { seatSpendLines } from '../models/seatSpendLines';
import { Icon } from './icons';
import { ModeChip, StancesToggle } from './ModeChip';
import './TargetChip.css';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Who answers a message without an @-mention, as a chip beside Send (a participant, or a group with a member who can
 * answer), then how the thread's seats take a message (the Mode chip, and in Council mode the Stances toggle), and
 * roughly how much the next reply's model will read: every participant sees the whole thread, so it is the thread's
 * text and the context chips waiting to go along (about four characters a token).
 * The estimate follows the thread as messages come and go, not each streamed word.
 */
export function TargetChip({ chat, composer }: { chat: ChatModel; composer: ComposerModel }) {
  const { replica } = chat;
  // A muted participant is never asked, so it is not offered here either.
  const enabled = chat.routableParticipants.value;
  const groups = chat.addressableGroups.value;
  const names = chat.participantsById.value;
  const target = replica.defaultTarget.value ?? '';
  const known = enabled.some((p) => p.id === target) || groups.some((g) => g.id === target);
  const tokens = useMemo(
    () =>
      computed(() => {
        replica.order.value;
        const thread = replica.messageList().reduce((sum, m) => sum + m.content.length, 0);
        const chips = replica.context.value.reduce((sum, c) => sum + c.block.content.length, 0);
        const chars = thread + chips;
        return Math.ceil(chars / 4);
      }),
    [replica],
  ).value;
  // A narrow row cuts the chosen name short (the word To goes first): the tooltip has it whole.
  const group = groups.find((g) => g.id === target);
  const chosen = enabled.find((p) => p.id === target)?.displayName ?? (group && groupLabel(group, names));
  // Below: what each seat that can be chosen spent today and in the last 5 hours, over every thread.
  const spent = seatSpendLines(enabled, replica.spending.value);
  return (
    <div class="composer-target">
      <div class="composer-chips">
        <label
          class="chip"
          data-testid="target-chip"
          title={[`${chosen ? `To: ${chosen}. ` : ''}Who answers a message that @-mentions nobody`, ...spent].join(
            '\n',
          )}
        >
          <span class="chip-word">To</span>
          <select
            aria-label="To"
            data-testid="target-select"
            value={known ? target : ''}
            disabled={enabled.length === 0}
            onChange={(event) => chat.setDefaultTarget(event.currentTarget.value)}
          >
            {!known && (
              <option value="" disabled>
                {enabled.length === 0 ? 'Nobody can answer' : 'Choose…'}
              </option>
            )}
            {enabled.map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName}
              </option>
            ))}
            {groups.length > 0 && (
              <optgroup label="Groups">
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {groupLabel(g, names)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <Icon name="chevron" class="chip-chevron" />
        </label>
        <ModeChip chat={chat} />
        <StancesToggle chat={chat} composer={composer} />
      </div>
      {tokens > 0 && (
        <span
          class="prompt-size"
          data-testid="prompt-size"
          title="Roughly what the next reply's model reads: the whole thread, about four characters a token"
        >
          ~{compact.format(tokens)} tokens
        </span>
      )}
    </div>
  );
}
