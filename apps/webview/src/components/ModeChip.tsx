import type { ChatModel } from '../models/ChatModel';
import type { ComposerModel } from '../models/ComposerModel';
import { MODE_DESCRIPTION, MODE_LABEL, MODES } from '../models/modes';
import { Icon } from './icons';

/** The chip's tooltip: what each mode does. */
const TITLE = `How several participants take a message in this thread.\n${MODES.map((m) => MODE_DESCRIPTION[m]).join('\n')}`;

/**
 * How the shown thread's seats take a message that several of them answer, as a chip beside To: Discuss, Independent
 * or Council. It shows the host's mode (the replica's); a choice is asked of the host, which answers with the change.
 * A group with its own mode keeps it whatever this says.
 */
export function ModeChip({ chat }: { chat: ChatModel }) {
  const mode = chat.replica.mode.value;
  return (
    <label class="chip mode-chip" title={`Mode: ${MODE_LABEL[mode]}. ${TITLE}`}>
      <span class="chip-word">Mode</span>
      <select
        aria-label="Mode"
        data-testid="mode-select"
        value={mode}
        onChange={(event) => {
          const chosen = MODES.find((m) => m === event.currentTarget.value);
          // The host's answer (a table change) moves the chip; until then it shows what the thread still is.
          event.currentTarget.value = mode;
          if (chosen) chat.setMode(chosen);
        }}
      >
        {MODES.map((m) => (
          <option key={m} value={m} title={MODE_DESCRIPTION[m]}>
            {MODE_LABEL[m]}
          </option>
        ))}
      </select>
      <Icon name="chevron" class="chip-chevron" />
    </label>
  );
}

/** What the Stances toggle does: its tooltip. */
export const STANCES_TITLE = 'One seat argues for, one against, the others weigh both; for this message';

/**
 * Beside the Mode chip while the thread is in Council mode: whether the next message's seats argue sides. A checkbox
 * for one message: the composer turns it off once that message is sent. In another mode it is not shown, and a
 * message says nothing of stances.
 */
export function StancesToggle({ chat, composer }: { chat: ChatModel; composer: ComposerModel }) {
  if (chat.replica.mode.value !== 'council') return null;
  return (
    <label class="chip stances-chip" title={STANCES_TITLE}>
      <input
        type="checkbox"
        data-testid="stances-toggle"
        checked={composer.stances.value}
        onChange={(event) => composer.setStances(event.currentTarget.checked)}
        aria-label="Stances"
      />
      <span class="stances-word">Stances</span>
    </label>
  );
}
