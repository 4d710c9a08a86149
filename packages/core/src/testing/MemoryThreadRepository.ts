import type { QuarantinedThread, ThreadRepository } from '../orchestrator/ports';
import { parseTranscript } from '../transcript/parseTranscript';
import type { Transcript } from '../transcript/schema';

/**
 * Threads in memory, stored as JSON text so a test sees exactly what would reach disk. Every save is checked
 * with `parseTranscript`, as the file repository does, so a test fails if the orchestrator ever tries to persist
 * something invalid (a streaming message, a seq gap).
 */
export class MemoryThreadRepository implements ThreadRepository {
  readonly files = new Map<string, string>();
  readonly saves: Transcript[] = [];
  failNextSave: Error | undefined;

  constructor(
    initial: unknown[] = [],
    private readonly quarantined: QuarantinedThread[] = [],
  ) {
    for (const t of initial) {
      const parsed = parseTranscript(t);
      if (!parsed.ok) throw new Error(parsed.error);
      this.files.set(parsed.value.id, JSON.stringify(parsed.value));
    }
  }

  async loadAll(): Promise<{ threads: Transcript[]; quarantined: QuarantinedThread[] }> {
    const threads = [...this.files.values()].map((text) => JSON.parse(text) as Transcript);
    return { threads, quarantined: this.quarantined };
  }

  async save(transcript: Transcript): Promise<void> {
    if (this.failNextSave) {
      const error = this.failNextSave;
      this.failNextSave = undefined;
      throw error;
    }
    const parsed = parseTranscript(transcript);
    if (!parsed.ok) throw new Error(`refusing to store an invalid thread: ${parsed.error}`);
    this.files.set(transcript.id, JSON.stringify(transcript));
    this.saves.push(structuredClone(transcript));
  }

  stored(id: string): Transcript | undefined {
    const text = this.files.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as Transcript);
  }
}
