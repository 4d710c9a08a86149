import { randomBytes } from 'node:crypto';
import type { ChunkStyle } from './models';

export interface ReplyShape {
  model: string;
  /** The reply text, already split into stream pieces. */
  pieces: string[];
  finishReason: string;
  promptTokens: number;
  completionTokens: number;
  /** Move usage off the content chunks into a trailing `choices: []` chunk, like openai-compat upstreams. */
  usageOnlyChunk?: boolean;
}

type Chunk = Record<string, unknown>;

/**
 * The `chat.completion.chunk` objects CLIProxyAPI's translators emit for one reply,
 * without the `data:` framing and `[DONE]`:
 * - claude: a role-only first chunk, text in `delta.content`, a final chunk with both `finish_reason` and `usage`
 *   (incl. `prompt_tokens_details`);
 * - codex: every delta spells out `role/content/reasoning_content/tool_calls` (nulls included) and every choice has
 *   `native_finish_reason`; one reasoning-summary chunk before the text; the final chunk has `finish_reason` and
 *   `usage` with `completion_tokens_details.reasoning_tokens`;
 * - gemini: explicit nulls in `delta`, `usage` on every chunk, `created` 0, `id` "", and the finish reason on the
 *   last text chunk (`max_tokens`, not `length`, on truncation).
 */
export function buildStreamChunks(style: ChunkStyle, reply: ReplyShape): Chunk[] {
  const chunks =
    style === 'claude' ? claudeChunks(reply) : style === 'codex' ? codexChunks(reply) : geminiChunks(reply);
  if (!reply.usageOnlyChunk) return chunks;
  const last = chunks.at(-1) ?? {};
  const stripped = chunks.map(({ usage: _usage, ...rest }) => rest);
  return [...stripped, { ...envelope(last), choices: [], usage: openAiUsage(reply) }];
}

/** The non-streaming `chat.completion` object for the same reply. */
export function buildCompletion(style: ChunkStyle, reply: ReplyShape): Chunk {
  const base = style === 'gemini' ? { id: '', created: 0 } : { id: newId(style), created: nowSeconds() };
  const choice: Chunk = {
    index: 0,
    message: { role: 'assistant', content: reply.pieces.join('') },
    finish_reason: reply.finishReason,
  };
  if (style !== 'claude') choice.native_finish_reason = reply.finishReason;
  return { ...base, object: 'chat.completion', model: reply.model, choices: [choice], usage: openAiUsage(reply) };
}

function claudeChunks(reply: ReplyShape): Chunk[] {
  const head = { id: newId('claude'), object: 'chat.completion.chunk', created: nowSeconds(), model: reply.model };
  const choice = (delta: Chunk, finishReason: string | null = null) => [
    { index: 0, delta, finish_reason: finishReason },
  ];
  return [
    { ...head, choices: choice({ role: 'assistant' }) },
    ...reply.pieces.map((content) => ({ ...head, choices: choice({ content }) })),
    {
      ...head,
      choices: choice({}, reply.finishReason),
      usage: {
        prompt_tokens: reply.promptTokens,
        completion_tokens: reply.completionTokens,
        total_tokens: reply.promptTokens + reply.completionTokens,
        prompt_tokens_details: { cached_tokens: 0, cached_creation_tokens: 0 },
      },
    },
  ];
}

function codexChunks(reply: ReplyShape): Chunk[] {
  const head = { id: newId('codex'), object: 'chat.completion.chunk', created: nowSeconds(), model: reply.model };
  const chunk = (delta: Chunk, finishReason: string | null = null): Chunk => ({
    ...head,
    choices: [
      {
        index: 0,
        delta: { role: null, content: null, reasoning_content: null, tool_calls: null, ...delta },
        finish_reason: finishReason,
        native_finish_reason: finishReason,
      },
    ],
  });
  return [
    chunk({ role: 'assistant', reasoning_content: 'Echoing the request back.' }),
    ...reply.pieces.map((content) => chunk({ role: 'assistant', content })),
    {
      ...chunk({}, reply.finishReason),
      usage: {
        completion_tokens: reply.completionTokens,
        total_tokens: reply.promptTokens + reply.completionTokens,
        prompt_tokens: reply.promptTokens,
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    },
  ];
}

function geminiChunks(reply: ReplyShape): Chunk[] {
  const pieces = reply.pieces.length > 0 ? reply.pieces : [''];
  let written = 0;
  return pieces.map((content, i) => {
    written += content.length;
    const finishReason = i === pieces.length - 1 ? reply.finishReason : null;
    const completion = Math.min(reply.completionTokens, Math.ceil(written / 4));
    return {
      id: '',
      object: 'chat.completion.chunk',
      created: 0,
      model: reply.model,
      choices: [
        {
          index: 0,
          delta: { role: 'assistant', content, reasoning_content: null, tool_calls: null },
          finish_reason: finishReason,
          native_finish_reason: finishReason,
        },
      ],
      usage: {
        completion_tokens: finishReason ? reply.completionTokens : completion,
        total_tokens: reply.promptTokens + (finishReason ? reply.completionTokens : completion),
        prompt_tokens: reply.promptTokens,
      },
    };
  });
}

function openAiUsage(reply: ReplyShape): Chunk {
  return {
    prompt_tokens: reply.promptTokens,
    completion_tokens: reply.completionTokens,
    total_tokens: reply.promptTokens + reply.completionTokens,
  };
}

function envelope(chunk: Chunk): Chunk {
  return { id: chunk.id, object: chunk.object, created: chunk.created, model: chunk.model };
}

function newId(style: ChunkStyle): string {
  const hex = randomBytes(8).toString('hex');
  return style === 'claude' ? `msg_fake${hex}` : style === 'codex' ? `resp_fake${hex}` : '';
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
