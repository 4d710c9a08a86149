import { describePrompt, type PromptDocument } from '../prompt/describePrompt';
import { displayNameOf } from '../prompt/framing';
import { conversationOrder } from '../transcript/conversationOrder';
import type { Message, Transcript } from '../transcript/schema';
import type { PromptLog, PromptRecord } from './PromptLog';
import type { PromptAssembler } from './ports';
import { cliOf } from './ReplyRunner';
import type { OrchestratorSettings } from './settings';

export type PromptInspection =
  | { ok: true; shown: PromptDocument; others: PromptDocument[] }
  | { ok: false; reason: string };

/**
 * The prompt a reply was sent, and the prompts of the other replies of the same turn (every reply between the user
 * message it answers and the next one, in the conversation's order, alternatives included), to compare. A prompt this window sent is shown exactly as sent; an older
 * one is rebuilt from the thread and says so.
 */
export function inspectPrompt(
  transcript: Transcript,
  messageId: string,
  log: PromptLog,
  settings: OrchestratorSettings,
  prompts: PromptAssembler,
): PromptInspection {
  const messages = conversationOrder(transcript.messages);
  const at = messages.findIndex((m) => m.id === messageId);
  const message = messages[at];
  if (!message) return { ok: false, reason: 'That message no longer exists.' };
  if (message.role !== 'assistant') return { ok: false, reason: 'Only a reply has a prompt.' };
  if (message.status === 'deleted') return { ok: false, reason: 'That reply was deleted.' };

  const document = (m: Message) => {
    const record = log.get(m.id) ?? rebuild(transcript, m, settings, prompts);
    return describePrompt(record, displayNameOf(m.speaker, settings.participants));
  };
  const others = turnOf(messages, at)
    .filter((i) => i !== at)
    .map((i) => document(messages[i] as Message));
  return { ok: true, shown: document(message), others: distinctNames(others) };
}

function rebuild(
  transcript: Transcript,
  m: Message,
  settings: OrchestratorSettings,
  prompts: PromptAssembler,
): PromptRecord {
  const prompt = prompts(transcript, m.id, m.speaker, settings);
  return {
    messageId: m.id,
    speakerId: m.speaker,
    model: settings.participants.find((p) => p.id === m.speaker)?.model ?? '(no longer in the settings)',
    messages: prompt.messages,
    omitted: prompt.omitted,
    attempt: m.attempt ?? 1,
    at: m.createdAt,
    rule: prompt.rule,
    rebuilt: true,
    ...cliOf(
      settings.participants.find((p) => p.id === m.speaker),
      settings,
    ),
  };
}

/** The indexes of the live replies in the same turn as the one at `at`: between the user messages around it. */
function turnOf(messages: readonly Message[], at: number): number[] {
  let start = at;
  while (start > 0 && messages[start - 1]?.role !== 'user') start--;
  let end = at;
  while (end + 1 < messages.length && messages[end + 1]?.role !== 'user') end++;
  const indexes: number[] = [];
  for (let i = start; i <= end; i++) {
    const m = messages[i];
    if (m?.role === 'assistant' && m.status !== 'deleted') indexes.push(i);
  }
  return indexes;
}

/** A speaker with several replies in the turn (another round) is told apart by number: `Claude (2)`. */
function distinctNames(documents: PromptDocument[]): PromptDocument[] {
  const seen = new Map<string, number>();
  return documents.map((d) => {
    const n = (seen.get(d.speaker) ?? 0) + 1;
    seen.set(d.speaker, n);
    const total = documents.filter((o) => o.speaker === d.speaker).length;
    return total > 1 ? { ...d, speaker: `${d.speaker} (${n})`, title: `${d.title} (${n})` } : d;
  });
}
