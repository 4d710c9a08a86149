import type { ChatError } from './types';

/** What the overflow rule reads of an error body. */
interface OverflowFacts {
  text: string;
  type: string | undefined;
  code: string | undefined;
  promptTokens?: number | undefined;
  contextTokens?: number | undefined;
}

const FIX =
  'Send fewer earlier messages (lower roundtable.context.softLimitChars), or give the server a larger context.';

/**
 * A prompt longer than the model's context, as one line that names the sizes when the server gives them and the two
 * fixes. llama.cpp says it with `type: "exceed_context_size_error"` and the sizes (its context is shared by its
 * parallel slots, so one request gets a part of it); OpenAI-style servers with `code: "context_length_exceeded"`.
 * Undefined for any other error.
 */
export function contextOverflow(facts: OverflowFacts, status: number | undefined): ChatError | undefined {
  const { type, code, promptTokens, contextTokens } = facts;
  if (type !== 'exceed_context_size_error' && code !== 'context_length_exceeded') return undefined;
  const sizes =
    promptTokens !== undefined && contextTokens !== undefined
      ? `The prompt is ${count(promptTokens)} tokens, more than the ${count(contextTokens)} the model's context holds for one request.`
      : `The prompt is longer than the model's context (“${facts.text}”).`;
  return { kind: status === undefined ? 'stream' : 'http', message: `${sizes} ${FIX}` };
}

function count(tokens: number): string {
  return Math.round(tokens).toLocaleString('en-US');
}
