import { seatReadsImages } from '../images/takesImages';
import type { ChatMessage } from '../llm/types';
import type { OrchestratorSettings } from '../orchestrator/settings';
import { changeBlocksIn, changedFiles } from '../patches/changeBlocks';
import { fitToBudget, type RenderedItem } from '../prompt/fitToBudget';
import { buildSystemPrompt, displayNameOf } from '../prompt/framing';
import { isPromptMessage } from '../prompt/promptMessage';
import { type RenderContext, renderMessage } from '../prompt/renderMessage';
import type { TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';
import { Anonymiser } from './anonymise';
import { sidesBefore, standingsBefore } from './disputes';
import {
  ANOTHER_ASSISTANT,
  anonymousFraming,
  type DisputeBrief,
  disputeSynthesisTask,
  disputeTask,
  EARLIER_REPLY_LABEL,
  responseLabel,
  reviewLabel,
  reviewTask,
  synthesisTask,
  TASK_LABEL,
} from './instructions';
import { namedSeats } from './seatNames';
import type { PromptSettings, StepPrompt } from './stepPrompt';
import type { ReadReply, Visibility } from './visibility';

/**
 * The prompt of a reply that reads others' replies under review (a review, a synthesis, a review asked for on one
 * reply): the question, then the responses (and reviews) under neutral labels or names as its rule says, then its
 * task.
 */
export function reviewPrompt(
  transcript: Transcript,
  visibility: Visibility,
  speakerId: string,
  settings: PromptSettings,
  systemMode: OrchestratorSettings['systemMode'],
): StepPrompt {
  const anonymous = visibility.rule.names === 'anonymised';
  const userName = settings.userName;
  const letters = visibility.plan?.letters ?? {};
  const name = (seat: string) => displayNameOf(seat, settings.participants);
  const labelOf = (seat: string, letter: string | undefined) =>
    anonymous && letter ? responseLabel(letter) : name(seat);
  const label = (r: ReadReply) => labelOf(r.seat, r.letter);
  // Every name each seat went by: as the plan recorded them when it was made, and as the settings say now.
  const anonymiser = new Anonymiser(
    namedSeats(visibility.plan, settings.participants, (seat) =>
      letters[seat] ? responseLabel(letters[seat] as string) : ANOTHER_ASSISTANT,
    ),
    ['all', ...(settings.groups ?? []).map((g) => g.id)],
  );
  const text = (content: string, author?: string) => (anonymous ? anonymiser.scrub(content, author) : content);

  const persona = settings.participants.find((p) => p.id === speakerId)?.systemPrompt?.trim();
  const framing = anonymous
    ? [anonymousFraming(userName), ...(persona ? [text(persona)] : [])].join('\n\n')
    : buildSystemPrompt({
        speakerId,
        threadParticipants: transcript.participants,
        participants: settings.participants,
        userName,
      });
  const vision = seatReadsImages(settings.participants.find((p) => p.id === speakerId));
  const render = { speakerId, participants: settings.participants, userName, systemMode, vision };
  const earlier = visibility.context.filter(isPromptMessage);
  // Anonymised, the conversation before the question is measured as it is and scrubbed of names only where the budget
  // keeps it (`fitScrubbing`): scrubbing a long thread's every message for each prompt held the host up for tens of
  // milliseconds, for messages the budget then dropped.
  const context: RenderedItem[] = earlier.map((m) => ({
    message: renderMessage(m, anonymous ? { ...render, participants: [] } : render),
    hoisted: m.role === 'system' && systemMode === 'multiple',
  }));
  const read = (r: ReadReply, heading: string): RenderedItem => ({
    message: { role: 'user', content: `[${heading}]: ${text(r.message.content, r.seat)}` },
    hoisted: false,
  });
  const responses = visibility.responses.map((r) => read(r, label(r)));
  const reviews = visibility.reviews.map((r, i) =>
    read(r, anonymous ? reviewLabel(i + 1) : `${name(r.seat)}'s review`),
  );
  const missing = visibility.missing.map((seat) => labelOf(seat, letters[seat]));
  const responseLetters = visibility.responses.map((r) => r.letter ?? name(r.seat));
  const claims = visibility.plan?.disputes?.claims ?? [];
  let task: string;
  if (visibility.kind === 'position' && visibility.plan) {
    task = disputeTask(disputeBriefs(transcript, visibility.plan, speakerId, text));
  } else if (visibility.kind === 'synthesis' && visibility.rule.reads === 'positions') {
    task = disputeSynthesisTask(
      responseLetters,
      claims.map((c) => text(c)),
      missing,
    );
  } else if (visibility.kind === 'synthesis') {
    task = synthesisTask(responseLetters, missing);
  } else {
    task = reviewTask(visibility.responses.map(label), missing, changedIn(visibility));
  }
  const rest = [...responses, ...reviews, { message: taskMessage(task), hoisted: false }];
  const fit = () =>
    fitToBudget({
      system: { role: 'system', content: framing },
      items: [...context, ...rest],
      softLimitChars: settings.softLimitChars,
      // What is under review and the task are never dropped for length; older conversation goes first.
      keepRecent: Math.max(settings.keepRecent, responses.length + reviews.length + 2),
    });
  const fitted = anonymous
    ? fitScrubbing(context, fit, (i) => anonymousMessage(earlier[i] as Message, render, text))
    : fit();
  return { ...fitted, visibility, replacements: anonymiser.replacements() };
}

/** Each claim a dispute round argues, as `speakerId` is told it: the arguments on each side and where it stood. */
function disputeBriefs(
  transcript: Transcript,
  plan: TurnPlan,
  speakerId: string,
  text: (content: string) => string,
): DisputeBrief[] {
  const sides = sidesBefore(transcript, plan);
  const standings = standingsBefore(transcript, plan);
  return (plan.disputes?.claims ?? []).map((claim, i) => ({
    claim: text(claim),
    for: (sides[i]?.for ?? []).map((a) => text(a)),
    against: (sides[i]?.against ?? []).map((a) => text(a)),
    standing: standings[i]?.get(speakerId)?.position,
  }));
}

/**
 * The fit of a prompt whose earlier conversation (`context`, measured as rendered) must be scrubbed of names wherever it
 * is kept: the fit is made, what it keeps of the context is scrubbed (`scrub`), and the fit made again, until what it
 * keeps is scrubbed. Invariant: no message of the context goes out unscrubbed; what the budget drops is never scrubbed
 * (but for the few a scrub's change of length brings back in).
 */
function fitScrubbing(
  context: RenderedItem[],
  fit: () => ReturnType<typeof fitToBudget>,
  scrub: (index: number) => ChatMessage,
): ReturnType<typeof fitToBudget> {
  let scrubbedFrom = context.length;
  for (;;) {
    const fitted = fit();
    if (fitted.omitted >= scrubbedFrom) return fitted;
    for (let i = fitted.omitted; i < scrubbedFrom; i++) {
      context[i] = { message: scrub(i), hoisted: context[i]?.hoisted ?? false };
    }
    scrubbedFrom = fitted.omitted;
  }
}

/** A message of the conversation before the question, in a prompt that names nobody. */
function anonymousMessage(
  m: Message,
  render: RenderContext,
  text: (content: string, author?: string) => string,
): ChatMessage {
  const speakerId = render.speakerId;
  const rendered = renderMessage(m, { ...render, participants: [] });
  if (m.role !== 'assistant') return { ...rendered, content: text(rendered.content) };
  if (m.speaker === speakerId) return { role: 'assistant', content: text(m.content, m.speaker) };
  return { role: 'user', content: `[${EARLIER_REPLY_LABEL}]: ${text(m.content, m.speaker)}` };
}

/**
 * A review asked for on one reply that proposes changes (diff blocks, blocks naming a file) looks at the change first:
 * the files it changes. The plan cannot say which block the user asked from (that would be a new thread format), so
 * every change the reply proposes is named; a council's cross-review names none.
 */
function changedIn(visibility: Visibility): string[] {
  if (visibility.rule.reads !== 'target') return [];
  const blocks = visibility.responses.flatMap((r) => changeBlocksIn(r.message.content));
  return [...new Set(blocks.flatMap(changedFiles))];
}

function taskMessage(task: string): ChatMessage {
  return { role: 'user', content: `[${TASK_LABEL}] ${task}` };
}
