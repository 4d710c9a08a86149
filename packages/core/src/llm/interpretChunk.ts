import { describeStreamErrorPayload } from './describeErrorBody';
import { isRecord } from './errorBodyFields';
import type { ChatError, TokenUsage } from './types';

/** What one SSE `data` payload means for the stream. */
export type ChunkOutcome =
  | { type: 'done' }
  /** `text` is '' for chunks without visible content (role-only, reasoning, usage-only). */
  | { type: 'chunk'; text: string; finishReason: string | undefined; usage: TokenUsage | undefined }
  | { type: 'error'; error: ChatError };

const EMPTY: ChunkOutcome = { type: 'chunk', text: '', finishReason: undefined, usage: undefined };

/** Longest excerpt of a bad chunk quoted back in an error message. */
const MAX_EXCERPT = 200;

/**
 * Reads the `data` of one SSE event. Pure: the caller keeps the last finish reason and usage across chunks,
 * because both may arrive on any chunk (Claude: the final one; Gemini: every one; openai-compat: a trailing
 * `choices: []` chunk).
 *
 * The check is loose on purpose and hand-written (it runs for every chunk of every reply, so no schema library):
 * each provider translator in CLIProxyAPI adds fields of its own (`native_finish_reason`, `reasoning_content`,
 * `tool_calls`, …) and sends explicit nulls where OpenAI omits keys. Only the fields Roundtable reads are checked,
 * and a wrong one is named in the error.
 */
export function interpretChunk(data: string): ChunkOutcome {
  if (data === '[DONE]' || (data.length < 32 && data.trim() === '[DONE]')) return { type: 'done' };
  // An empty `data:` frame says nothing, and a reply must not fail over one: upstreams behind CLIProxyAPI have been
  // seen sending them (its issue #2460, on /v1/responses). A JSON chunk starts with `{`, so only blanks pay the trim.
  if (data === '' || (data.charCodeAt(0) <= 0x20 && data.trim() === '')) return EMPTY;

  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return streamError(`CLIProxyAPI sent a stream chunk that is not valid JSON (${reason}): ${excerpt(data)}`);
  }
  if (!isRecord(json)) return badShape('chunk: expected an object', data);
  if (json.error !== undefined && json.error !== null) {
    return { type: 'error', error: describeStreamErrorPayload(json) };
  }

  const { choices, usage } = json;
  if (choices !== undefined && choices !== null && !Array.isArray(choices)) {
    return badShape('choices: expected an array', data);
  }
  let text = '';
  let finishReason: string | undefined;
  // Roundtable never asks for n > 1, so only the first choice (index 0) carries the reply.
  const choice = choices === undefined || choices === null ? undefined : firstChoice(choices);
  if (choice !== undefined) {
    if (!isRecord(choice)) return badShape('choices.0: expected an object', data);
    const delta = choice.delta;
    if (delta !== undefined && delta !== null) {
      if (!isRecord(delta)) return badShape('choices.0.delta: expected an object', data);
      const content = delta.content;
      if (typeof content === 'string') text = content;
      else if (content !== undefined && content !== null)
        return badShape('choices.0.delta.content: expected a string', data);
    }
    const reason = choice.finish_reason;
    if (typeof reason === 'string') finishReason = reason;
    else if (reason !== undefined && reason !== null)
      return badShape('choices.0.finish_reason: expected a string', data);
  }

  let tokens: TokenUsage | undefined;
  if (usage !== undefined && usage !== null) {
    if (!isRecord(usage)) return badShape('usage: expected an object', data);
    const input = usage.prompt_tokens;
    const output = usage.completion_tokens;
    if (
      (input !== undefined && input !== null && typeof input !== 'number') ||
      (output !== undefined && output !== null && typeof output !== 'number')
    ) {
      return badShape('usage: token counts must be numbers', data);
    }
    tokens = {
      inputTokens: (input as number | null | undefined) ?? 0,
      outputTokens: (output as number | null | undefined) ?? 0,
    };
  }
  return { type: 'chunk', text, finishReason, usage: tokens };
}

/** The choice with index 0 (or none given); a choice that is not an object is returned so the caller names it. */
function firstChoice(choices: unknown[]): unknown {
  for (const c of choices) {
    if (!isRecord(c) || c.index === undefined || c.index === null || c.index === 0) return c;
  }
  return undefined;
}

function badShape(problem: string, data: string): ChunkOutcome {
  return streamError(`CLIProxyAPI sent a stream chunk of an unexpected shape (${problem}): ${excerpt(data)}`);
}

function streamError(message: string): ChunkOutcome {
  return { type: 'error', error: { kind: 'stream', message } };
}

function excerpt(data: string): string {
  return data.length > MAX_EXCERPT ? `${data.slice(0, MAX_EXCERPT)}…` : data;
}
