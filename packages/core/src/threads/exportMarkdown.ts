import { describeWithout, ledgerNote, ledgerSeats } from '../council/synthesisText';
import { votesEndedAfter } from '../council/unanimous';
import { describeUnanimous } from '../council/unanimousText';
import { describeVote } from '../council/voteText';
import { describeImage } from '../images/imageCheck';
import type { ParticipantConfig } from '../participants/participant';
import { displayNameOf } from '../prompt/framing';
import { renderContextBlock } from '../prompt/renderContextBlock';
import { describeUnrouted } from '../router/describeUnrouted';
import { conversationOrder } from '../transcript/conversationOrder';
import type { PlanStep, TurnPlan } from '../transcript/plan';
import type { ImageRef, Message, Transcript } from '../transcript/schema';
import type { SynthesisReading } from '../transcript/synthesisReading';
import { costBySeat } from './costBySeat';
import { describeCost } from './describeCost';

/**
 * A thread as a Markdown document a person reads: its title, who took part, then every message in the
 * conversation's order under its speaker's label and time, with its context blocks, how it ended, and who it
 * addressed that got no reply. Text is kept exactly as written (it is Markdown already); a reply stopped inside a
 * code block has that block closed, so the rest of the document is not swallowed by it. A council's synthesis that
 * was read shows its answer, then its ledger as a table with the seats' names (what the host stored; its text is
 * not read here). Pure.
 */
export function exportMarkdown(
  transcript: Transcript,
  participants: readonly ParticipantConfig[],
  userName = 'You',
  /** Where an image is (its file's URI): a message's images are linked, never inlined. */
  imageLink?: (image: ImageRef) => string,
): string {
  const name = (id: string) => displayNameOf(id, participants);
  const seats = transcript.participants.map((id) => {
    const model = participants.find((p) => p.id === id)?.model;
    return model ? `${name(id)} (${model})` : name(id);
  });
  const head = [`# ${oneLine(transcript.title)}`, ''];
  head.push(`Started ${when(transcript.createdAt)}, last changed ${when(transcript.updatedAt)}.`);
  if (seats.length > 0) head.push(`At the table: ${seats.join(', ')}.`);
  const plans = new Map((transcript.plans ?? []).map((p) => [p.id, p]));
  const ordered = conversationOrder(transcript.messages);
  // A Council that ended at its unanimous vote says so after its last answer, in the panel's words.
  const votes = votesEndedAfter(ordered, transcript.plans ?? []);
  const body = ordered.flatMap((m) => {
    const vote = votes.get(m.id);
    const rendered = renderMessage(m, name, userName, plans, imageLink);
    return vote ? [rendered, `_${describeUnanimous(vote)}._`] : [rendered];
  });
  // Last, what each seat that spoke cost over the thread (`costBySeat`).
  const cost = costBySeat(transcript.messages, name);
  return `${[head.join('\n'), ...body, ...(cost ? [cost] : [])].join('\n\n---\n\n')}\n`;
}

function renderMessage(
  m: Message,
  name: (id: string) => string,
  userName: string,
  plans: ReadonlyMap<string, TurnPlan>,
  imageLink: ((image: ImageRef) => string) | undefined,
): string {
  const speaker = m.role === 'user' ? userName : m.role === 'system' ? 'System' : name(m.speaker);
  const facts = [`**${speaker}**`, when(m.createdAt)];
  const plan = m.step ? plans.get(m.step.plan) : undefined;
  const step = plan?.steps[m.step?.index ?? 0];
  if (plan && step) facts.push(...stepFacts(plan, step));
  if (m.reviewOf) facts.push('review of the reply above');
  if (m.alternativeOf) facts.push('alternative to the reply above');
  if (m.attempt) facts.push(`attempt ${m.attempt}`);
  const parts = [facts.join(' · ')];
  const cost = m.status === 'deleted' ? undefined : describeCost(m);
  if (cost) parts.push(`_${cost}_`);
  if (plan && step && step.names === 'anonymised' && m.status !== 'deleted') {
    const labels = Object.entries(plan.letters ?? {}).map(([seat, letter]) => `Response ${letter} = ${name(seat)}`);
    if (labels.length > 0) parts.push(`_It read the responses without names: ${labels.sort().join(', ')}._`);
  }
  if (m.status === 'deleted') return [...parts, '_message deleted_'].join('\n\n');
  if (plan && m.synthesis) parts.push(...synthesisParts(m.content, m.synthesis, plan, name));
  else if (m.content !== '') parts.push(m.role === 'assistant' ? closeOpenFence(m.content) : m.content);
  for (const block of m.contextBlocks ?? []) parts.push(renderContextBlock(block));
  for (const image of m.images ?? []) {
    const label = describeImage(image).replace(/[[\]\\]/g, '\\$&');
    parts.push(imageLink ? `![${label}](<${imageLink(image)}>)` : `_Image: ${label}_`);
  }
  if (m.status === 'cancelled') parts.push('_(stopped)_');
  if (m.status === 'error') parts.push(`_Error: ${oneLine(m.error ?? 'the reply failed')}_`);
  const unrouted = m.unrouted && describeUnrouted(m.unrouted);
  if (unrouted) parts.push(`_No reply from some names: ${unrouted}_`);
  return parts.join('\n\n');
}

/**
 * A synthesis as it was read: its answer and its ledger as a table (a claim a row, a seat a column, named), or its
 * whole text with why there is no table; then whose answers it was written without.
 */
function synthesisParts(
  content: string,
  reading: SynthesisReading,
  plan: TurnPlan,
  name: (id: string) => string,
): string[] {
  const seats = ledgerSeats(plan);
  const cell = (text: string) => oneLine(text).replace(/[\\|]/g, '\\$&');
  const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const table = (reading.claims ?? []).map(({ claim, marks }) =>
    row([claim, ...seats.map((seat) => (Object.hasOwn(marks, seat) ? (marks[seat] ?? '–') : '–'))]),
  );
  const ledger = [row(['Claim', ...seats.map(name)]), `|${' --- |'.repeat(seats.length + 1)}`, ...table].join('\n');
  const note = ledgerNote(reading);
  const without = describeWithout(reading, plan, name);
  return [
    closeOpenFence(reading.claims ? (reading.answer ?? content) : content),
    ...(reading.vote ? [`Vote: ${describeVote(reading.vote, plan, name)}`] : []),
    ...(reading.claims ? [`Ledger:\n\n${ledger}`] : []),
    ...(note ? [`_${note}_`] : []),
    ...(without ? [`_${without}_`] : []),
  ].filter((part) => part !== '');
}

/** What a reply's step was, when it is more than an answer in a discussion. */
function stepFacts(plan: TurnPlan, step: PlanStep): string[] {
  if (step.kind === 'synthesis') return ['council synthesis'];
  if (step.kind === 'review') return [plan.kind === 'review' ? 'review' : 'council review'];
  if (step.reads === 'blind') return [`${plan.mode} answer (blind)`];
  if (step.reads === 'earlier') return [`round ${plan.round} (after reading the earlier answers)`];
  return [];
}

/** `2026-12-01 10:05 UTC`: minutes are enough to read a conversation by. */
function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A fence opening line: up to three spaces, then three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The text with a closing fence added when it ends inside a fenced code block (a reply cut off mid-code). */
export function closeOpenFence(text: string): string {
  let open: string | undefined;
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line)?.[1];
    if (!fence) continue;
    if (open === undefined) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = undefined;
  }
  return open === undefined ? text : `${text}${text.endsWith('\n') ? '' : '\n'}${open}`;
}
