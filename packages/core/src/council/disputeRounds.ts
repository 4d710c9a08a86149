import type { OrchestratorSettings } from '../orchestrator/settings';
import type { PlanDraft, TurnPlan } from '../transcript/plan';
import type { Transcript } from '../transcript/schema';
import { disputedClaims, disputeOutcome, roundSynthesis } from './disputes';
import { planForDisputes } from './plans';

type RoundSettings = Pick<
  OrchestratorSettings,
  'participants' | 'speakingOrder' | 'maxConcurrent' | 'chair' | 'maxDisputeRounds'
>;

/** The first round of Discuss disputes on a council's synthesis, or why there is none. */
export type FirstRound = { ok: true; plan: PlanDraft } | { ok: false; reason: string };

/**
 * Discuss disputes on the synthesis `messageId`: a first round arguing the claims its ledger (or its split vote)
 * disputes, among the seats whose answers it read that can answer now, chaired by its chair (or, when the chair cannot
 * answer now, the first of them). Only a council's own synthesis, once: the rounds after it follow on their own.
 */
export function firstDisputeRound(
  transcript: Transcript,
  messageId: string,
  id: string,
  settings: RoundSettings,
  canAnswer: (seat: string) => boolean,
): FirstRound {
  const message = transcript.messages.find((m) => m.id === messageId);
  const plan = message?.step && transcript.plans?.find((p) => p.id === message.step?.plan);
  if (!message || !plan || plan.steps[message.step?.index ?? -1]?.kind !== 'synthesis') {
    return { ok: false, reason: 'Discuss disputes follows a Council’s synthesis.' };
  }
  if (plan.kind !== 'message')
    return { ok: false, reason: 'Discuss disputes starts from the Council’s own synthesis.' };
  if (transcript.plans?.some((p) => p.disputes?.of === messageId)) {
    return { ok: false, reason: 'Its disputes were discussed already: the rounds are below it.' };
  }
  if (message.status === 'streaming') return { ok: false, reason: 'Wait for the synthesis to finish.' };
  const claims = disputedClaims(message.synthesis).map((c) => c.claim);
  if (claims.length === 0) return { ok: false, reason: 'Nothing is disputed: its ledger and its vote agree.' };
  const seats = answeringSeats(transcript, plan).filter(canAnswer);
  if (seats.length < 2) return { ok: false, reason: 'Fewer than two of the seats that answered can answer now.' };
  const chair = chairOf(plan, seats, canAnswer);
  return {
    ok: true,
    plan: planForDisputes({
      id,
      question: plan.question,
      of: messageId,
      claims,
      disputeRound: 1,
      round: plan.round,
      seats,
      chair,
      letters: plan.letters ?? {},
      ...(plan.seatNames ? { seatNames: plan.seatNames } : {}),
      settings,
    }),
  };
}

/**
 * The round after dispute round `plan`, when its outcome says another is due (`disputeOutcome`): the claims still
 * disputed, among the same seats that can answer now. Undefined when the rounds stop.
 */
export function nextDisputeRound(
  transcript: Transcript,
  plan: TurnPlan,
  id: string,
  settings: RoundSettings,
  canAnswer: (seat: string) => boolean,
): PlanDraft | undefined {
  const outcome = disputeOutcome(transcript, plan, settings.maxDisputeRounds);
  const synthesis = roundSynthesis(transcript, plan);
  if (outcome.kind !== 'continue' || !synthesis) return undefined;
  const seats = (plan.steps[0]?.seats ?? []).filter(canAnswer);
  if (seats.length < 2) return undefined;
  return planForDisputes({
    id,
    question: plan.question,
    of: synthesis.id,
    claims: outcome.claims,
    disputeRound: (plan.disputes?.round ?? 1) + 1,
    round: plan.round,
    seats,
    chair: chairOf(plan, seats, canAnswer),
    letters: plan.letters ?? {},
    ...(plan.seatNames ? { seatNames: plan.seatNames } : {}),
    settings,
  });
}

/** The seats of a council whose first-step answers said something (the ones a synthesis could read). */
function answeringSeats(transcript: Transcript, plan: TurnPlan): string[] {
  const answered = new Set(
    transcript.messages
      .filter(
        (m) =>
          m.step?.plan === plan.id &&
          m.step.index === 0 &&
          m.alternativeOf === undefined &&
          m.status !== 'deleted' &&
          /\S/.test(m.content),
      )
      .map((m) => m.speaker),
  );
  return (plan.steps[0]?.seats ?? []).filter((seat) => answered.has(seat));
}

/** The plan's chair (its synthesis step's seat) when it can answer now, else the first seat. */
function chairOf(plan: TurnPlan, seats: readonly string[], canAnswer: (seat: string) => boolean): string {
  const chair = plan.steps.find((s) => s.kind === 'synthesis')?.seats[0];
  return chair && canAnswer(chair) ? chair : (seats[0] as string);
}
