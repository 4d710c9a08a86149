import type { ChatMessage, StreamEvent } from '../llm/types';

/** One completion to stream: `provider` names the endpoint (a `roundtable.providers` entry; CLIProxyAPI when absent). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  provider?: string;
}

/**
 * Streams one completion. The host binds it to the endpoint of the request's provider and its access key, read
 * fresh for every request (the user may change either at any time). Same contract as `streamChatCompletion`.
 */
export type ChatBackend = (request: ChatRequest, signal: AbortSignal) => AsyncIterable<StreamEvent>;
