import type { ChatMessage, StreamEvent } from '../llm/types';
import type { Transcript } from '../transcript/schema';

/**
 * Streams one completion. The host binds it to the proxy's URL and access key, read fresh for every request
 * (the user may change either at any time). Same contract as `streamChatCompletion`.
 */
export type ChatBackend = (
  request: { model: string; messages: ChatMessage[] },
  signal: AbortSignal,
) => AsyncIterable<StreamEvent>;

/** A thread file that could not be read and was moved aside so it is never lost and never blocks activation. */
export interface QuarantinedThread {
  file: string;
  movedTo: string;
  reason: string;
}

/** Where threads live. The host implements it over files (one JSON file per thread, atomic writes). */
export interface ThreadRepository {
  /** Every readable thread; unreadable ones are quarantined by the implementation and reported here. */
  loadAll(): Promise<{ threads: Transcript[]; quarantined: QuarantinedThread[] }>;
  /** Replaces the stored thread atomically: a crash leaves either the old or the new file, never a torn one. */
  save(transcript: Transcript): Promise<void>;
}
