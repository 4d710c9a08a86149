import type { ChatMessage } from '../llm/types';

/** A prompt as one reply was sent it: the model, the messages, and how many older ones the budget left out. */
export interface PromptRecord {
  messageId: string;
  speakerId: string;
  model: string;
  messages: readonly ChatMessage[];
  omitted: number;
  /** Which run of the reply it was sent for (1 for the first). */
  attempt: number;
  /** When it was sent (ISO 8601). */
  at: string;
  /** What its step's rule let it read, hid and renamed (Markdown lines for the inspector). */
  rule?: readonly string[];
  /**
   * Not recorded when it was sent (the reply is older than this window, or came from another one): rebuilt from the
   * thread as it is now, with the current settings.
   */
  rebuilt?: true;
  /** Sent to this official CLI (its program name) as one process's input, not as an HTTP request. */
  cli?: string;
}

/** How many prompts are kept: the newest replies', in memory (a prompt can be the size of a whole thread). */
export const PROMPT_LOG_SIZE = 100;

/** The prompts this window sent, by reply, newest kept; a retried reply keeps only its latest attempt's. */
export class PromptLog {
  private readonly records = new Map<string, PromptRecord>();

  constructor(private readonly size = PROMPT_LOG_SIZE) {}

  record(record: PromptRecord): void {
    this.records.delete(record.messageId);
    this.records.set(record.messageId, record);
    for (const oldest of this.records.keys()) {
      if (this.records.size <= this.size) break;
      this.records.delete(oldest);
    }
  }

  get(messageId: string): PromptRecord | undefined {
    return this.records.get(messageId);
  }
}
