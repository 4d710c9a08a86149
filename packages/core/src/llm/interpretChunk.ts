import * as z from 'zod';
import { describeStreamErrorPayload, isRecord } from './describeErrorBody';
import type { ChatError, TokenUsage } from './types';

/*
 * The chunk schemas are loose on purpose: each provider translator in CLIProxyAPI adds its own fields
 * (`native_finish_reason`, `reasoning_content`, `tool_calls`, `images`, `prompt_tokens_details`, …) and sends
 * explicit nulls where OpenAI omits keys. Only the fields Roundtable reads are checked.
 */
const UsageSchema = z.looseObject({
  prompt_tokens: z.number().nullish(),
  completion_tokens: z.number().nullish(),
});

const DeltaSchema = z.looseObject({
  role: z.string().nullish(),
  content: z.string().nullish(),
  reasoning_content: z.string().nullish(),
});

const ChoiceSchema = z.looseObject({
  index: z.number().nullish(),
  delta: DeltaSchema.nullish(),
  finish_reason: z.string().nullish(),
});

export const ChatCompletionChunkSchema = z.looseObject({
  choices: z.array(ChoiceSchema).nullish(),
  usage: UsageSchema.nullish(),
});

/** What one SSE `data` payload means for the stream. */
export type ChunkOutcome =
  | { type: 'done' }
  /** `text` is '' for chunks without visible content (role-only, reasoning, usage-only). */
  | { type: 'chunk'; text: string; finishReason: string | undefined; usage: TokenUsage | undefined }
  | { type: 'error'; error: ChatError };

/** Longest excerpt of a bad chunk quoted back in an error message. */
const MAX_EXCERPT = 200;

/**
 * Reads the `data` of one SSE event. Pure: the caller keeps the last finish reason and usage across chunks,
 * because both may arrive on any chunk (Claude: the final one; Gemini: every one; openai-compat: a trailing
 * `choices: []` chunk).
 */
export function interpretChunk(data: string): ChunkOutcome {
  if (data.trim() === '[DONE]') return { type: 'done' };

  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return streamError(`CLIProxyAPI sent a stream chunk that is not valid JSON (${reason}): ${excerpt(data)}`);
  }

  if (isRecord(json) && json.error !== undefined && json.error !== null) {
    return { type: 'error', error: describeStreamErrorPayload(json) };
  }

  const parsed = ChatCompletionChunkSchema.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'chunk'}: ${issue.message}`)
      .join('; ');
    return streamError(`CLIProxyAPI sent a stream chunk of an unexpected shape (${problem}): ${excerpt(data)}`);
  }

  // Roundtable never asks for n > 1, so only the first choice (index 0) carries the reply.
  const choice = parsed.data.choices?.find((c) => (c.index ?? 0) === 0);
  const usage = parsed.data.usage;
  return {
    type: 'chunk',
    text: choice?.delta?.content ?? '',
    finishReason: choice?.finish_reason ?? undefined,
    usage: usage ? { inputTokens: usage.prompt_tokens ?? 0, outputTokens: usage.completion_tokens ?? 0 } : undefined,
  };
}

function streamError(message: string): ChunkOutcome {
  return { type: 'error', error: { kind: 'stream', message } };
}

function excerpt(data: string): string {
  return data.length > MAX_EXCERPT ? `${data.slice(0, MAX_EXCERPT)}…` : data;
}
