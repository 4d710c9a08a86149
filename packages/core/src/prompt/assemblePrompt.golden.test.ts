import { describe, expect, test } from 'vitest';
import { claude, gemini, gpt } from '../../test/support/orchestratorSetup';
import { stepPrompt } from '../council/stepPrompt';
import type { ChatMessage } from '../llm/types';
import { DEFAULT_ORCHESTRATOR_SETTINGS, type OrchestratorSettings } from '../orchestrator/settings';
import { parseTranscript } from '../transcript/parseTranscript';
import { type Message, TRANSCRIPT_VERSION, type Transcript } from '../transcript/schema';
import { OMISSION_MARKER } from './fitToBudget';

/*
 * Golden prompts: the exact request each seat receives for a new reply at the end of one mixed thread, built by
 * the code path a real reply takes (`stepPrompt`). Each golden under `__golden__/` is a plain-text rendering that can
 * be reviewed by eye; the checks beside each one state what a reviewer should see there, so a golden regenerated
 * with `vitest -u` cannot silently accept a wrong prompt.
 *
 * The thread, in its stored (seq) order:
 *   m0 user, with a selection (lines 12-15, ts) and a whole file   m5 user, to GPT and Claude
 *   m1 Claude, complete                                           m6 GPT, error with partial text
 *   m2 GPT, stopped (cancelled) with partial text                 m7 Claude, deleted (tombstone)
 *   m3 a system note                                              m8 Gemini, alternative of m1 ("Regenerate as")
 *   m4 user, deleted (tombstone)                                  m9 user, @all
 * The conversation reads m8 right after m1 (conversationOrder), and that is the order every prompt follows.
 */

const AT = (minute: number) => `2026-02-03T10:${String(minute).padStart(2, '0')}:00.000Z`;

const SELECTION =
  'export async function fetchJson(url: string) {\n  const res = await fetch(url);\n  return res.json();\n}';
const RETRY_DOC = '# Retry policy\n\nRetry idempotent requests only.\n';

type Draft = Omit<Message, 'seq' | 'createdAt'>;
const DRAFTS: Draft[] = [
  {
    id: 'm0',
    role: 'user',
    speaker: 'user',
    content: '@claude @gpt How should fetchJson retry?',
    contextBlocks: [
      { kind: 'selection', path: 'src/http/fetchJson.ts', range: [12, 15], language: 'ts', content: SELECTION },
      { kind: 'file', path: 'docs/retry.md', content: RETRY_DOC },
    ],
    targets: ['claude', 'gpt'],
    status: 'complete',
  },
  {
    id: 'm1',
    role: 'assistant',
    speaker: 'claude',
    content: 'Exponential backoff with jitter, at most 5 attempts.',
    status: 'complete',
  },
  { id: 'm2', role: 'assistant', speaker: 'gpt', content: "I'd start with a fixed delay and", status: 'cancelled' },
  { id: 'm3', role: 'system', speaker: 'system', content: 'Gemini joined the thread.', status: 'complete' },
  { id: 'm4', role: 'user', speaker: 'user', content: '', status: 'deleted' },
  {
    id: 'm5',
    role: 'user',
    speaker: 'user',
    content: '@gpt please finish. @claude anything to add?',
    targets: ['gpt', 'claude'],
    status: 'complete',
  },
  {
    id: 'm6',
    role: 'assistant',
    speaker: 'gpt',
    content: 'A fixed delay is simpler, but under load',
    status: 'error',
    error: 'HTTP 502: upstream connection reset',
  },
  { id: 'm7', role: 'assistant', speaker: 'claude', content: '', status: 'deleted' },
  {
    id: 'm8',
    role: 'assistant',
    speaker: 'gemini',
    content: 'Backoff, yes, but honour Retry-After when the server sends it.',
    status: 'complete',
    alternativeOf: 'm1',
  },
  {
    id: 'm9',
    role: 'user',
    speaker: 'user',
    content: '@all Where did we land?',
    targets: ['claude', 'gpt', 'gemini'],
    status: 'complete',
  },
];

function mixedThread(): Transcript {
  return {
    version: TRANSCRIPT_VERSION,
    id: 'golden',
    title: 'How should fetchJson retry?',
    createdAt: AT(0),
    updatedAt: AT(DRAFTS.length - 1),
    participants: ['claude', 'gpt', 'gemini'],
    messages: DRAFTS.map((draft, seq) => ({ ...draft, seq, createdAt: AT(seq) })),
  };
}

const SETTINGS: OrchestratorSettings = {
  ...DEFAULT_ORCHESTRATOR_SETTINGS,
  participants: [claude, gpt, { ...gemini, systemPrompt: 'Answer in at most three sentences.' }],
};

/** The thread with a new reply by `speakerId` streaming at its end, and that reply's prompt. */
function newReplyPrompt(speakerId: string, settings: OrchestratorSettings, mode?: OrchestratorSettings['systemMode']) {
  const base = mixedThread();
  const reply: Message = {
    id: 'new',
    seq: base.messages.length,
    role: 'assistant',
    speaker: speakerId,
    content: '',
    status: 'streaming',
    createdAt: AT(base.messages.length),
  };
  return stepPrompt({ ...base, messages: [...base.messages, reply] }, 'new', speakerId, settings, mode);
}

/** A prompt as reviewable text: a header, then each message as `--- role ---` and its exact content. */
function render(title: string, prompt: { messages: ChatMessage[]; omitted: number }): string {
  const body = prompt.messages.map((m) => `--- ${m.role} ---\n${m.content}\n`).join('');
  return `# ${title}; omitted: ${prompt.omitted}\n${body}`;
}

const golden = (name: string) => `./__golden__/${name}.txt`;
const contents = (messages: ChatMessage[]) => messages.map((m) => m.content);

const SELECTION_BLOCK = `Selection: src/http/fetchJson.ts (lines 12-15)\n\`\`\`ts\n${SELECTION}\n\`\`\``;
const FILE_BLOCK = `File: docs/retry.md\n\`\`\`\n${RETRY_DOC}\`\`\``;
const FIRST_USER = `[User] @claude @gpt How should fetchJson retry?\n\n${SELECTION_BLOCK}\n\n${FILE_BLOCK}`;

describe('golden prompts: a new reply at the end of a mixed thread', () => {
  test('the fixture is a valid stored thread', () => {
    expect(parseTranscript(mixedThread())).toMatchObject({ ok: true });
  });

  test('Claude (multiple mode)', async () => {
    const prompt = newReplyPrompt('claude', SETTINGS);
    await expect(render('claude, systemMode multiple', prompt)).toMatchFileSnapshot(golden('claude.multiple'));
    expect(prompt.omitted).toBe(0);
    expect(prompt.messages.map((m) => m.role)).toEqual([
      'system',
      'system',
      'user',
      'assistant',
      'user',
      'user',
      'user',
      'user',
      'user',
    ]);
    expect(prompt.messages.slice(1)).toEqual<ChatMessage[]>([
      { role: 'system', content: 'Gemini joined the thread.' },
      { role: 'user', content: FIRST_USER },
      { role: 'assistant', content: 'Exponential backoff with jitter, at most 5 attempts.' },
      { role: 'user', content: '[Gemini]: Backoff, yes, but honour Retry-After when the server sends it.' },
      { role: 'user', content: "[GPT]: I'd start with a fixed delay and" },
      { role: 'user', content: '[User] @gpt please finish. @claude anything to add?' },
      { role: 'user', content: '[GPT]: A fixed delay is simpler, but under load' },
      { role: 'user', content: '[User] @all Where did we land?' },
    ]);
  });

  test('GPT (multiple mode): its stopped and its failed partial replies are its own', async () => {
    const prompt = newReplyPrompt('gpt', SETTINGS);
    await expect(render('gpt, systemMode multiple', prompt)).toMatchFileSnapshot(golden('gpt.multiple'));
    expect(prompt.messages[0]?.content).toContain('You are GPT,');
    expect(prompt.messages[0]?.content).toContain('Other participants: Claude, Gemini.');
    expect(prompt.messages.filter((m) => m.role === 'assistant')).toEqual<ChatMessage[]>([
      { role: 'assistant', content: "I'd start with a fixed delay and" },
      { role: 'assistant', content: 'A fixed delay is simpler, but under load' },
    ]);
    expect(contents(prompt.messages)).toContain('[Claude]: Exponential backoff with jitter, at most 5 attempts.');
  });

  test('Gemini (multiple mode): its persona, and its alternative as its own reply right after the original', async () => {
    const prompt = newReplyPrompt('gemini', SETTINGS);
    await expect(render('gemini, systemMode multiple', prompt)).toMatchFileSnapshot(golden('gemini.multiple'));
    expect(prompt.messages[0]?.content).toMatch(/^You are Gemini,.*Other participants: Claude, GPT\./);
    expect(prompt.messages[0]?.content).toMatch(/\n\nAnswer in at most three sentences\.$/);
    const at = contents(prompt.messages).indexOf('[Claude]: Exponential backoff with jitter, at most 5 attempts.');
    expect(prompt.messages[at + 1]).toEqual<ChatMessage>({
      role: 'assistant',
      content: 'Backoff, yes, but honour Retry-After when the server sends it.',
    });
  });

  test('every seat: tombstones absent, one user turn per kept user message, the last one last', () => {
    for (const speaker of ['claude', 'gpt', 'gemini']) {
      const { messages } = newReplyPrompt(speaker, SETTINGS);
      expect(messages).toHaveLength(9);
      expect(messages.every((m) => m.content.trim() !== '')).toBe(true);
      expect(messages.filter((m) => m.content.startsWith('[User]'))).toHaveLength(3);
      expect(messages.at(-1)).toEqual<ChatMessage>({ role: 'user', content: '[User] @all Where did we land?' });
    }
  });

  test('Claude (inline mode): the note is [System] user content in its place', async () => {
    const prompt = newReplyPrompt('claude', SETTINGS, 'inline');
    await expect(render('claude, systemMode inline', prompt)).toMatchFileSnapshot(golden('claude.inline'));
    expect(prompt.messages.filter((m) => m.role === 'system')).toHaveLength(1);
    const gptStopped = contents(prompt.messages).indexOf("[GPT]: I'd start with a fixed delay and");
    expect(prompt.messages[gptStopped + 1]).toEqual<ChatMessage>({
      role: 'user',
      content: '[System] Gemini joined the thread.',
    });
  });

  test('GPT with a small budget: the oldest left out, one omission marker after the system messages', async () => {
    // Eight messages reach the prompt. The limit, not keepRecent (4), decides: the two oldest go (the first user
    // message and Claude's reply), and Gemini's alternative to that reply stays, now first after the marker.
    // (Without the request for diffs, whose length would move the limit: this is about what the budget leaves out.)
    const prompt = newReplyPrompt('gpt', { ...SETTINGS, softLimitChars: 600, keepRecent: 4, askForDiffs: false });
    await expect(render('gpt, systemMode multiple, softLimitChars 600, keepRecent 4', prompt)).toMatchFileSnapshot(
      golden('gpt.budget'),
    );
    expect(prompt.omitted).toBe(2);
    expect(prompt.messages.slice(1)).toEqual<ChatMessage[]>([
      { role: 'system', content: 'Gemini joined the thread.' },
      OMISSION_MARKER,
      { role: 'user', content: '[Gemini]: Backoff, yes, but honour Retry-After when the server sends it.' },
      { role: 'assistant', content: "I'd start with a fixed delay and" },
      { role: 'user', content: '[User] @gpt please finish. @claude anything to add?' },
      { role: 'assistant', content: 'A fixed delay is simpler, but under load' },
      { role: 'user', content: '[User] @all Where did we land?' },
    ]);
    expect(prompt.messages.map((m) => m.content).join('').length).toBeLessThanOrEqual(600);
  });
});
