import { isRoutable } from '../participants/participant';
import { conversationOrder } from '../transcript/conversationOrder';
import type { DiscussionMode, TurnPlan } from '../transcript/plan';
import type { Message } from '../transcript/schema';
import type { OrchestratorSettings } from './settings';

/** Where a discussion stands after the user's last message: who took part, and how many rounds it has had. */
export interface Discussion {
  /** The participants who answered since the user's last message, in the order they first did. */
  speakers: string[];
  /** The most replies any one of them gave since then: one per round. */
  round: number;
  /** The user message the discussion answers. */
  question: string;
  /** The mode of its latest round (Discuss for replies of no plan). */
  mode: DiscussionMode;
}

/**
 * The discussion the thread's last user message started, counted from the transcript itself (so it holds after a
 * reload and in every window), in the conversation's order: undefined until a reply follows that message. Deleted
 * replies do not count. A reply of a plan counts as its plan's round, and only answers seat their speaker (a review
 * or a synthesis is part of the round it reviews); a reply of no plan (older threads) counts one round per reply of
 * its speaker, and an alternative makes its speaker take part but adds no round (it answers the same again).
 */
export function discussionOf(thread: readonly Message[], plans: readonly TurnPlan[] = []): Discussion | undefined {
  const messages = conversationOrder(thread);
  let start = messages.length;
  while (start > 0 && messages[start - 1]?.role !== 'user') start--;
  const question = messages[start - 1];
  if (!question) return undefined; // no user message yet
  const byId = new Map(plans.map((p) => [p.id, p]));
  const counts = new Map<string, number>();
  let planRound = 0;
  let latest: TurnPlan | undefined;
  for (const m of messages.slice(start)) {
    if (m.role !== 'assistant' || m.status === 'deleted') continue;
    const plan = m.step ? byId.get(m.step.plan) : undefined;
    if (plan) {
      if (plan.steps[m.step?.index ?? 0]?.kind !== 'answer') continue;
      planRound = Math.max(planRound, plan.round);
      if (plan.kind !== 'review' && (!latest || plan.round >= latest.round)) latest = plan;
      counts.set(m.speaker, counts.get(m.speaker) ?? 0);
      continue;
    }
    // An alternative answers again what was already answered: it seats its speaker, but is no round of its own
    // (whether it comes before or after that speaker's own reply).
    counts.set(m.speaker, (counts.get(m.speaker) ?? 0) + (m.alternativeOf === undefined ? 1 : 0));
  }
  if (counts.size === 0) return undefined;
  const round = Math.max(1, planRound, ...counts.values());
  return { speakers: [...counts.keys()], round, question: question.id, mode: latest?.mode ?? 'discuss' };
}

export type NextRound =
  | { ok: true; responders: string[]; round: number; question: string; mode: DiscussionMode }
  | { ok: false; reason: string };

/**
 * Who answers another round: everyone who took part in the discussion and can still answer, in their order, each
 * having read the whole of the last round. Only after several took part, and never past `maxRounds`.
 */
export function nextRound(
  messages: readonly Message[],
  settings: OrchestratorSettings,
  plans: readonly TurnPlan[] = [],
): NextRound {
  const discussion = discussionOf(messages, plans);
  if (!discussion || discussion.speakers.length < 2) {
    return { ok: false, reason: 'Another round follows a message several participants answered (for example @all).' };
  }
  if (discussion.round >= settings.maxRounds) {
    return {
      ok: false,
      reason: `This discussion has had ${discussion.round} rounds, the most roundtable.router.maxRounds allows. Send a message to go on.`,
    };
  }
  const responders = discussion.speakers.filter((id) => {
    const p = settings.participants.find((q) => q.id === id);
    return p !== undefined && isRoutable(p);
  });
  if (responders.length === 0) {
    return { ok: false, reason: 'None of those who took part can answer now (each is disabled, muted or gone).' };
  }
  return { ok: true, responders, round: discussion.round + 1, question: discussion.question, mode: discussion.mode };
}
