import { andList, formatElapsed } from '@roundtable/core/present';
import type { PlanStep, TurnPlan } from '@roundtable/core/protocol';
import { MODE_LABEL } from './modes';
import type { ReplyFacts } from './replyFacts';

type Name = (seat: string) => string;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A plan's heading: "Council · 3 answers, reviews, synthesis by Claude", "Independent · round 2 · 3 answers". A dispute
 * round counts its own rounds, always said (its `round` is the council's): "Disputes · round 1 · 3 positions, ledger by
 * Claude".
 */
export function planHeading(plan: TurnPlan, name: Name): string {
  const steps = plan.steps.map((step: PlanStep) => {
    if (step.kind === 'answer') return count(step.seats.length, 'answer', 'answers');
    if (step.kind === 'review') return 'reviews';
    if (step.kind === 'position') return count(step.seats.length, 'position', 'positions');
    return `${plan.disputes ? 'ledger' : 'synthesis'} by ${andList(step.seats.map(name))}`;
  });
  if (plan.disputes) return ['Disputes', `round ${plan.disputes.round}`, steps.join(', ')].join(' · ');
  return [MODE_LABEL[plan.mode], ...(plan.round > 1 ? [`round ${plan.round}`] : []), steps.join(', ')].join(' · ');
}

const tokens = new Intl.NumberFormat('en-US');

/**
 * Tokens read and written: "3,400 tokens in, 900 out", or "about … (estimated)" when some were estimated. `unit`: ''
 * where the column already says tokens ("3,400 in, 900 out").
 */
export function tokenLine(input: number, output: number, estimated: boolean, unit = ' tokens'): string {
  const line = `${tokens.format(input)}${unit} in, ${tokens.format(output)} out`;
  return estimated ? `about ${line} (estimated)` : line;
}

/** How a plan's cost line adds its replies up; the line's tooltip. */
export const PLAN_COST_RULE =
  'What the replies of this turn cost. Time: a step’s replies added up when they ran one after another, its longest ' +
  'reply when they ran at once; the steps added up. Tokens: every reply’s added up. Alternatives are left out.';

/**
 * What a plan's replies cost, in one line ("9.5 s in all · 3,400 tokens in, 900 out"), by `PLAN_COST_RULE`; tokens
 * are "about … (estimated)" when any reply's were. Undefined while no reply says anything of either.
 */
export function planCost(plan: TurnPlan, replies: readonly ReplyFacts[]): string | undefined {
  const counted = replies.filter((r) => !r.alternative);
  let time: number | undefined;
  plan.steps.forEach((step, index) => {
    const spans = counted.filter((r) => r.stepIndex === index && r.timing).map((r) => r.timing?.totalMs ?? 0);
    if (spans.length === 0) return;
    const span = step.concurrency === 1 ? spans.reduce((a, b) => a + b, 0) : Math.max(...spans);
    time = (time ?? 0) + span;
  });
  const used = counted.flatMap((r) => (r.usage ? [r.usage] : []));
  const parts: string[] = [];
  if (time !== undefined) parts.push(`${formatElapsed(time)} in all`);
  if (used.length > 0) {
    const input = used.reduce((sum, u) => sum + u.inputTokens, 0);
    const output = used.reduce((sum, u) => sum + u.outputTokens, 0);
    parts.push(
      tokenLine(
        input,
        output,
        used.some((u) => u.estimated === true),
      ),
    );
  }
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
