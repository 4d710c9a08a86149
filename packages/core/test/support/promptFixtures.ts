import type { ChatMessage } from '../../src/llm/types';
import type { ParticipantConfig } from '../../src/participants/participant';
import type { AssemblePromptInput } from '../../src/prompt/index';
import type { ContextBlock, Message, Transcript } from '../../src/transcript/schema';

// ---- builders ---------------------------------------------------------------------------------------------

export const MARKER = '[System] Earlier messages omitted for length.';
export const AT = '2025-03-01T12:00:00.000Z';

export type Spec = Omit<Message, 'id' | 'seq' | 'createdAt'>;

export const user = (content: string, extra: Partial<Spec> = {}): Spec => ({
  role: 'user',
  speaker: 'user',
  content,
  status: 'complete',
  ...extra,
});
export const said = (speaker: string, content: string, extra: Partial<Spec> = {}): Spec => ({
  role: 'assistant',
  speaker,
  content,
  status: 'complete',
  ...extra,
});
export const note = (content: string): Spec => ({ role: 'system', speaker: 'system', content, status: 'complete' });

export function thread(participants: string[], specs: Spec[]): Transcript {
  return {
    version: 7,
    id: 't1',
    title: 'Test',
    createdAt: AT,
    updatedAt: AT,
    participants,
    messages: specs.map((spec, seq) => ({ id: `m${seq}`, seq, createdAt: AT, ...spec })),
  };
}

export function seat(id: string, displayName: string, systemPrompt?: string): ParticipantConfig {
  return {
    id,
    displayName,
    color: '#123456',
    model: `${id}-model`,
    enabled: true,
    ...(systemPrompt ? { systemPrompt } : {}),
  };
}

export const CONFIGS = [seat('claude', 'Claude'), seat('gpt', 'GPT'), seat('gemini', 'Gemini')];

export function input(specs: Spec[], overrides: Partial<AssemblePromptInput> = {}): AssemblePromptInput {
  return {
    transcript: thread(['claude', 'gpt'], specs),
    speakerId: 'claude',
    participants: CONFIGS,
    systemMode: 'multiple',
    softLimitChars: 150_000,
    keepRecent: 6,
    ...overrides,
  };
}

/**
 * The framing system message (docs/product-rules.md, "What each model is sent"), written out once here as the
 * expectation.
 */
export function framing(name: string, others: string, userName = 'User'): string {
  return (
    `You are ${name}, one of several AI assistants in a shared group conversation with a human user (${userName}). ` +
    `Other participants: ${others}. Messages are labeled with their speaker. Respond as yourself; do not ` +
    'impersonate other participants; do not prefix your reply with your own name.'
  );
}

export const u = (content: string): ChatMessage => ({ role: 'user', content });
export const asst = (content: string): ChatMessage => ({ role: 'assistant', content });
export const sys = (content: string): ChatMessage => ({ role: 'system', content });

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Length of the main system message for the default input, to state budgets relative to it. */
export const SYSTEM_LEN = framing('Claude', 'GPT').length;

// ---- the system message -----------------------------------------------------------------------------------

// ---- mapping transcript messages --------------------------------------------------------------------------

export const fileBlock: ContextBlock = { kind: 'file', path: 'src/a.ts', content: 'const a = 1;' };

// ---- the character budget ---------------------------------------------------------------------------------

/** Own messages are unprefixed, so each of these is exactly 100 characters of output. */
export const hundred = (ch: string) => said('claude', ch.repeat(100));
export const five = ['a', 'b', 'c', 'd', 'e'].map(hundred);
export const out = (ch: string) => asst(ch.repeat(100));
