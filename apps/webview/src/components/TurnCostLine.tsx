import { describeTurnCost, explainTurnCost } from '@roundtable/core/present';
import type { ChatModel } from '../models/ChatModel';

/**
 * Under the send button, what sending the draft now would cost ("Council · 3 seats · 7 requests"), as the host
 * counted it; its tooltip says what each request is for. A message that would not be sent says why instead. A line of
 * its own, so the row's controls keep their room; cut with an ellipsis on a narrow panel (the tooltip and the
 * accessible name keep it whole).
 */
export function TurnCostLine({ chat }: { chat: ChatModel }) {
  const cost = chat.cost.value;
  if (!cost) return null;
  const byId = chat.participantsById.value;
  const name = (seat: string) => byId.get(seat)?.displayName ?? seat;
  const line = describeTurnCost(cost, name);
  return (
    <output
      class={`turn-cost${cost.kind === 'refused' ? ' turn-cost-refused' : ''}`}
      data-testid="turn-cost"
      title={explainTurnCost(cost, name)}
      aria-label={line}
    >
      {line}
    </output>
  );
}
