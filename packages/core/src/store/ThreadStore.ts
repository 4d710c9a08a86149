import type { DiscussionMode, PlanDraft, TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';
import type { DocumentChange, ThreadChoices } from './documentChange';
import type { LoadedThread } from './LoadedThreads';
import { StoredThreads } from './StoredThreads';
import type { SaveUrgency } from './saveScheduler';
import type { ThreadLeases } from './ThreadLeases';
import type { ThreadSnapshot } from './types';

export type { OpenResult, SaveProblem, ThreadChange, ThreadLease, ThreadSnapshot, ThreadStoreDeps } from './types';

/**
 * Owns the threads (see `StoredThreads` for how they are stored, loaded, written and merged across windows, and
 * `ThreadLeases` for the leases of their turns): every
 * edit of a loaded thread goes through here and comes out as one `ThreadChange`, which views turn into small
 * patches, and is scheduled for writing by how urgent it is.
 */
export class ThreadStore extends StoredThreads {
  snapshot(threadId: string): ThreadSnapshot | undefined {
    const entry = this.loaded.get(threadId);
    if (!entry) return undefined;
    const t = entry.doc.toTranscript();
    return { summary: entry.doc.summary(), createdAt: t.createdAt, messages: t.messages, plans: t.plans ?? [] };
  }

  /** The live transcript, streaming replies included (what prompts are built from). */
  transcript(threadId: string): Transcript | undefined {
    return this.loaded.get(threadId)?.doc.toTranscript();
  }

  message(threadId: string, messageId: string): Message | undefined {
    return this.loaded.get(threadId)?.doc.get(messageId);
  }

  /** Appends a message created now (it sorts last). Undefined when the thread is not loaded. */
  append(threadId: string, draft: Omit<Message, 'seq' | 'createdAt'>, urgency: SaveUrgency): Message | undefined {
    const entry = this.loaded.get(threadId);
    if (!entry) return undefined;
    const changes = entry.doc.append(draft, this.deps.clock.now());
    this.publish(threadId, entry, changes, true);
    this.saver.schedule(threadId, urgency);
    const added = changes[0];
    return added?.kind === 'messageAdded' ? added.message : undefined;
  }

  /** Streamed text for a `streaming` message. False when it is not streaming any more (ended, deleted, gone). */
  appendText(threadId: string, messageId: string, text: string): boolean {
    const entry = this.loaded.get(threadId);
    const changes = entry?.doc.appendText(messageId, text);
    if (!entry || !changes) return false;
    this.publish(threadId, entry, changes, false);
    return true;
  }

  /**
   * Replaces one message by `change(m)`. Undefined when there is no such message. `derived`: what changes is read from
   * what the message already holds (an older synthesis's reading), so the thread's time stays as it was.
   */
  update(
    threadId: string,
    messageId: string,
    change: (m: Message) => Message,
    urgency: SaveUrgency,
    derived = false,
  ): Message | undefined {
    const entry = this.loaded.get(threadId);
    const changes = entry?.doc.update(messageId, change, derived ? undefined : this.deps.clock.now());
    if (!entry || !changes) return undefined;
    if (changes.length === 0) return entry.doc.get(messageId);
    this.publish(threadId, entry, changes, true);
    this.saver.schedule(threadId, urgency);
    return entry.doc.get(messageId);
  }

  /** Gives a loaded thread the user's title. False when it is not loaded. */
  rename(threadId: string, title: string): boolean {
    const entry = this.loaded.get(threadId);
    if (!entry) return false;
    this.choose(threadId, entry, entry.doc.rename(title, this.deps.clock.now()));
    return true;
  }

  /** Sets who answers a message in a loaded thread that names nobody. False when it is not loaded. */
  setSpeakingTo(threadId: string, participantId: string): boolean {
    const entry = this.loaded.get(threadId);
    if (!entry) return false;
    this.choose(threadId, entry, entry.doc.setSpeakingTo(participantId, this.deps.clock.now()));
    return true;
  }

  /** Sets how several seats take a message in a loaded thread. False when it is not loaded. */
  setMode(threadId: string, mode: DiscussionMode): boolean {
    const entry = this.loaded.get(threadId);
    if (!entry) return false;
    this.choose(threadId, entry, entry.doc.setMode(mode, this.deps.clock.now()));
    return true;
  }

  /** Adds a turn's plan to a loaded thread, made now. Undefined when the thread is not loaded. */
  addPlan(threadId: string, draft: PlanDraft): TurnPlan | undefined {
    const entry = this.loaded.get(threadId);
    if (!entry) return undefined;
    const changes = entry.doc.addPlan(draft, this.deps.clock.now());
    this.publish(threadId, entry, changes, false);
    if (changes.length > 0) this.saver.schedule(threadId, 'normal');
    return entry.doc.plan(draft.id);
  }

  /** A plan of a loaded thread. */
  plan(threadId: string, planId: string): TurnPlan | undefined {
    return this.loaded.get(threadId)?.doc.plan(planId);
  }

  /** Thread-level choices of a loaded thread. */
  choices(threadId: string): ThreadChoices | undefined {
    return this.loaded.get(threadId)?.doc.choices();
  }

  /**
   * A thread as stored, without holding it: the loaded copy (replies still streaming as they are written) or a
   * read of the stored one. Undefined when it is gone or cannot be read. For export and search.
   */
  async peek(threadId: string): Promise<Transcript | undefined> {
    const entry = this.loaded.get(threadId);
    if (entry) return entry.doc.toPersistable();
    const result = await this.deps.repository.load(threadId);
    return result.ok ? result.transcript : undefined;
  }

  /**
   * Adds a whole thread from elsewhere (an imported file, already validated) under a fresh id when its own is
   * taken, and writes it now. Returns the id it was stored under.
   */
  async adopt(transcript: Transcript): Promise<string> {
    await this.initialize();
    const { ThreadDocument } = await this.contents();
    const taken = (id: string) => this.known.has(id) || this.loaded.has(id);
    const id = taken(transcript.id) ? this.deps.ids.next() : transcript.id;
    const doc = ThreadDocument.fromTranscript({ ...transcript, id });
    this.loaded.add(id, { doc, revision: null });
    const lease = this.loaded.lease(id);
    try {
      this.known.setSummary(id, doc.summary());
      this.saver.schedule(id, 'urgent');
      await this.saver.flush(id);
    } finally {
      lease.dispose();
    }
    return id;
  }

  /**
   * The turns' leases of the loaded threads (`ThreadLeases`): a turn takes, renews and ends its own there. Undefined
   * until their code has loaded, just after the first thread (`leasesReady` waits for it).
   */
  leases(): ThreadLeases | undefined {
    return this.leasing;
  }

  private choose(threadId: string, entry: LoadedThread, changes: DocumentChange[]): void {
    if (changes.length === 0) return;
    this.publish(threadId, entry, changes, true);
    if (!entry.doc.isBlank) this.saver.schedule(threadId, 'urgent');
  }
}
