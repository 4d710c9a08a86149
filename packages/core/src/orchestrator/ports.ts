import type { ChatMessage, StreamEvent } from '../llm/types';

/**
 * Streams one completion. The host binds it to the proxy's URL and access key, read fresh for every request
 * (the user may change either at any time). Same contract as `streamChatCompletion`.
 */
export type ChatBackend = (
  request: { model: string; messages: ChatMessage[] },
  signal: AbortSignal,
) => AsyncIterable<StreamEvent>;
