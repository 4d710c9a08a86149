import type { ChatModel } from '../models/ChatModel';
import { MODE_DESCRIPTION, MODE_LABEL, MODES } from '../models/modes';

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
    <label class="chip" title={TITLE}>
      <span>Mode</span>
      <select
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
    </label>
  );
}
