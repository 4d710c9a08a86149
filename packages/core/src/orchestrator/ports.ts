import type { ChatMessage, StreamEvent } from '../llm/types';
import type { Transcript } from '../transcript/schema';
import type { OrchestratorSettings } from './settings';

/** One completion to stream: `provider` names the endpoint (a `roundtable.providers` entry; CLIProxyAPI when absent). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  provider?: string;
  /** The seat's length limit (`max_tokens`); absent: its provider's default, else the server's. */
  maxTokens?: number;
}

/**
 * Streams one completion. The host binds it to the endpoint of the request's provider and its access key, read
 * fresh for every request (the user may change either at any time). Same contract as `streamChatCompletion`.
 */
export type ChatBackend = (request: ChatRequest, signal: AbortSignal) => AsyncIterable<StreamEvent>;

/** One reply's prompt as its step's rule allows, and lines saying what the rule did (read, hid, renamed). */
export interface BuiltPrompt {
  messages: ChatMessage[];
  /** How many older messages the budget left out. */
  omitted: number;
  /** For the prompt inspector (Markdown lines); never sent to a model. */
  rule: readonly string[];
}

/**
 * Builds the prompt of the reply `messageId`, spoken by `speakerId` (`assembleStepPrompt`). `systemMode` overrides the
 * setting (a provider that takes only one system message).
 */
export type PromptAssembler = (
  transcript: Transcript,
  messageId: string,
  speakerId: string,
  settings: OrchestratorSettings,
  systemMode?: OrchestratorSettings['systemMode'],
) => BuiltPrompt;
