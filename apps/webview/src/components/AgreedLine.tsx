import { type AgreedVote, describeUnanimous } from '@roundtable/core/present';
import type { ChatModel } from '../models/ChatModel';

/**
 * The last turn's Council ended at its unanimous vote: the vote in core's words ("All 3 agree: 42. Reviews and
 * synthesis skipped (4 requests saved)") and **Review anyway**, which runs the rest of its plan. In the council's
 * chunk: only a thread whose last Council ended so shows it.
 */
export function AgreedLine({ agreed, chat }: { agreed: AgreedVote & { plan: string }; chat: ChatModel }) {
  return (
    <p class="turn-status" data-testid="turn-agreed" data-state="agreed" data-plan-id={agreed.plan}>
      <span class="turn-who">{describeUnanimous(agreed)}</span>
      <button
        type="button"
        class="button-secondary"
        data-testid="turn-review-anyway"
        title="The seats review each other's answers anonymously, then the chair writes the synthesis"
        onClick={() => chat.reviewAnyway(agreed.plan)}
      >
        Review anyway
      </button>
    </p>
  );
}
