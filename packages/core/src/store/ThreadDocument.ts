import { mergeTranscripts } from '../transcript/merge';
import { comparePlans, nextCreatedAt } from '../transcript/order';
import type { DiscussionMode, PlanDraft, TurnPlan } from '../transcript/plan';
import {
  type Message,
  type Stamped,
  type ThreadSummary,
  TRANSCRIPT_VERSION,
  type Transcript,
} from '../transcript/schema';
import { summarize, threadTitle } from '../transcript/summary';
import type { TurnLease } from '../transcript/turnLease';
import type { DocumentChange, ThreadChoices } from './documentChange';
import { InFlightReplies } from './inFlightReplies';
import { diffMessage } from './messagePatch';

/**
 * One thread in memory, owned by the store. Messages are kept in the thread order (`compareMessages`) with `seq`
 * equal to the position; appends go at the end in O(1) and a streamed delta patches one message in O(1), so
 * nothing here costs time in proportion to the thread's length except a merge and a snapshot.
 *
 * Invariants:
 * - `messages[i].seq === i` and messages are strictly increasing in the thread order;
 * - `positions` maps every message id to its index;
 * - `inFlight` holds the turns' leases and says what of each reply still streaming is persisted (`InFlightReplies`);
 * - `plans` are in the plan order (`comparePlans`), each id once; a plan never changes once added.
 */
export class ThreadDocument {
  private messages: Message[] = [];
  private readonly positions = new Map<string, number>();
  private readonly inFlight: InFlightReplies;
  private participants: string[];
  private createdAt: string;
  private updatedAt: string;
  private title: string;
  private renamed: Stamped<string> | undefined;
  private speakingTo: Stamped<string> | undefined;
  private mode: Stamped<DiscussionMode> | undefined;
  private plans: TurnPlan[];

  private constructor(
    readonly id: string,
    t: Pick<
      Transcript,
      'createdAt' | 'updatedAt' | 'participants' | 'title' | 'renamed' | 'speakingTo' | 'mode' | 'plans' | 'leases'
    >,
  ) {
    this.createdAt = t.createdAt;
    this.updatedAt = t.updatedAt;
    this.participants = [...t.participants].sort();
    this.title = t.title;
    this.renamed = t.renamed;
    this.speakingTo = t.speakingTo;
    this.mode = t.mode;
    this.plans = [...(t.plans ?? [])];
    this.inFlight = new InFlightReplies(t.leases);
  }

  static create(id: string, participants: readonly string[], now: Date): ThreadDocument {
    const at = now.toISOString();
    return new ThreadDocument(id, {
      createdAt: at,
      updatedAt: at,
      participants: [...participants],
      title: threadTitle(undefined, []),
    });
  }

  /** From a validated stored transcript (already in thread order). */
  static fromTranscript(t: Transcript): ThreadDocument {
    const doc = new ThreadDocument(t.id, t);
    doc.replaceMessages(t.messages.map((m, seq) => (m.seq === seq ? m : { ...m, seq })));
    doc.title = threadTitle(doc.renamed, doc.messages);
    return doc;
  }

  /** The title, "speaking to" and discussion mode as they stand. */
  choices(): ThreadChoices {
    return { title: this.title, speakingTo: this.speakingTo?.value, mode: this.mode?.value ?? 'discuss' };
  }

  /** A plan of this thread, by id. */
  plan(planId: string): TurnPlan | undefined {
    return this.plans.find((p) => p.id === planId);
  }

  get length(): number {
    return this.messages.length;
  }

  get(messageId: string): Message | undefined {
    const at = this.positions.get(messageId);
    return at === undefined ? undefined : this.messages[at];
  }

  last(): Message | undefined {
    return this.messages.at(-1);
  }

  /** A copy of the messages, in order. O(n): for full states and prompts, not per delta. */
  allMessages(): Message[] {
    return [...this.messages];
  }

  summary(): ThreadSummary {
    return summarize(this.toTranscript());
  }

  /** Everything in memory, streaming replies included (for prompts and merges). */
  toTranscript(): Transcript {
    return {
      version: TRANSCRIPT_VERSION,
      id: this.id,
      title: this.title,
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
      participants: [...this.participants],
      messages: [...this.messages],
      ...(this.renamed ? { renamed: this.renamed } : {}),
      ...(this.speakingTo ? { speakingTo: this.speakingTo } : {}),
      ...(this.mode ? { mode: this.mode } : {}),
      ...(this.plans.length > 0 ? { plans: [...this.plans] } : {}),
      ...(this.inFlight.leases.length > 0 ? { leases: [...this.inFlight.leases] } : {}),
    };
  }

  /**
   * What may be written: of the replies still streaming, what `InFlightReplies` keeps of each (the version before a
   * retry, the last checkpoint of a reply under a lease, nothing of the others); `seq` renumbered over what remains.
   */
  toPersistable(): Transcript {
    const written: Message[] = [];
    for (const m of this.messages) {
      const stored = this.inFlight.stored(m);
      if (stored) written.push(stored.seq === written.length ? stored : { ...stored, seq: written.length });
    }
    const t = this.toTranscript();
    return { ...t, title: threadTitle(this.renamed, written), messages: written };
  }

  /** The turns' leases, as the thread keeps them. */
  turnLeases(): readonly TurnLease[] {
    return this.inFlight.leases;
  }

  /**
   * Replaces the leases by `change(leases)`. A lease is taken, renewed or ended only by the window it names; another
   * window only ends a stale one (`interruptLease`). A renewal passes `plan`: this window's replies still streaming
   * under it are written as they are now.
   */
  setLeases(change: (leases: readonly TurnLease[]) => readonly TurnLease[], plan?: string): void {
    this.inFlight.setLeases(change);
    if (plan !== undefined) this.inFlight.checkpoint(plan, (id) => this.get(id));
  }

  /** Whether this window streams the reply (placed or restarted here), rather than another window. */
  isLocalReply(messageId: string): boolean {
    return this.inFlight.isLocal(messageId);
  }

  /** True when `toPersistable` has nothing to say: a new thread nobody has written in yet. */
  get isBlank(): boolean {
    return this.messages.length === 0;
  }

  /** Appends a message created now; it sorts last because its createdAt is after every message here. */
  append(draft: Omit<Message, 'seq' | 'createdAt'>, now: Date): DocumentChange[] {
    const createdAt = nextCreatedAt(now, this.last()?.createdAt);
    const message: Message = { ...draft, seq: this.messages.length, createdAt };
    this.positions.set(message.id, this.messages.length);
    this.messages.push(message);
    if (message.status === 'streaming') this.inFlight.started(message);
    this.touch(createdAt);
    if (message.role === 'assistant' && !this.participants.includes(message.speaker)) {
      this.participants = [...this.participants, message.speaker].sort();
    }
    if (message.role === 'user') this.title = threadTitle(this.renamed, this.messages);
    return [{ kind: 'messageAdded', message, index: message.seq }];
  }

  /** Appends streamed text to a streaming message; anything else is refused (it ended, or was deleted). */
  appendText(messageId: string, text: string): DocumentChange[] | undefined {
    const at = this.positions.get(messageId);
    const m = at === undefined ? undefined : this.messages[at];
    if (at === undefined || m?.status !== 'streaming') return undefined;
    const offset = m.content.length;
    const next = { ...m, content: m.content + text };
    this.messages[at] = next;
    return [{ kind: 'messageChanged', message: next, patch: { append: { text, offset } } }];
  }

  /**
   * Replaces one message by `change(m)`; the caller keeps the message's id, seq and createdAt. Without `now` the
   * thread's time stays as it was (what changed is derived from what was there: the thread was not changed anew).
   */
  update(messageId: string, change: (m: Message) => Message, now?: Date): DocumentChange[] | undefined {
    const at = this.positions.get(messageId);
    const before = at === undefined ? undefined : this.messages[at];
    if (at === undefined || !before) return undefined;
    const after = change(before);
    if (after === before) return [];
    if (before.status === 'streaming' && after.status !== 'streaming') this.inFlight.ended(messageId);
    if (before.status !== 'streaming' && after.status === 'streaming') this.inFlight.started(after, before);
    this.messages[at] = after;
    if (now) this.touch(now.toISOString());
    if (after.role === 'user') this.title = threadTitle(this.renamed, this.messages);
    return [{ kind: 'messageChanged', message: after, patch: diffMessage(before, after) }];
  }

  /** The user's title for the thread, given at `now` (a later rename in any window wins). */
  rename(title: string, now: Date): DocumentChange[] {
    return this.choose(() => {
      this.renamed = { value: title, at: now.toISOString() };
    });
  }

  /** Who answers a message in this thread that names nobody, chosen at `now`. */
  setSpeakingTo(participantId: string, now: Date): DocumentChange[] {
    if (this.speakingTo?.value === participantId) return [];
    return this.choose(() => {
      this.speakingTo = { value: participantId, at: now.toISOString() };
    });
  }

  /** How several seats take a message in this thread, chosen at `now`. */
  setMode(mode: DiscussionMode, now: Date): DocumentChange[] {
    // Choosing what is already in effect (Discuss, when nothing was chosen) changes nothing, and writes nothing.
    if ((this.mode?.value ?? 'discuss') === mode) return [];
    return this.choose(() => {
      this.mode = { value: mode, at: now.toISOString() };
    });
  }

  /**
   * Adds a turn's plan, made now. Its `createdAt` is raised, where needed, past the newest plan here, so what a window
   * adds sorts last (as an append does among messages).
   */
  addPlan(draft: PlanDraft, now: Date): DocumentChange[] {
    if (this.plan(draft.id)) return [];
    const added: TurnPlan = { ...draft, createdAt: nextCreatedAt(now, this.plans.at(-1)?.createdAt) };
    this.plans.push(added);
    this.touch(added.createdAt);
    return [{ kind: 'planAdded', plan: added }];
  }

  private choose(apply: () => void): DocumentChange[] {
    const before = JSON.stringify(this.choices());
    apply();
    this.title = threadTitle(this.renamed, this.messages);
    return JSON.stringify(this.choices()) === before ? [] : [{ kind: 'choicesChanged', choices: this.choices() }];
  }

  /**
   * Takes in another copy of this thread (`mergeTranscripts`) and reports, in replica order, what changed here:
   * messages added (with their final index, ascending) and messages changed. Returns whether the summary changed.
   */
  absorb(other: Transcript): { changes: DocumentChange[]; summaryChanged: boolean } {
    const beforeSummary = JSON.stringify(this.summary());
    const beforeChoices = JSON.stringify(this.choices());
    const merged = mergeTranscripts(this.toTranscript(), other);
    const changes: DocumentChange[] = [];
    // Plans first: a replica must know a plan before the replies that name it.
    for (const plan of merged.plans ?? []) if (!this.plan(plan.id)) changes.push({ kind: 'planAdded', plan });
    for (const [index, m] of merged.messages.entries()) {
      const at = this.positions.get(m.id);
      const mine = at === undefined ? undefined : this.messages[at];
      if (!mine) {
        changes.push({ kind: 'messageAdded', message: m, index });
        continue;
      }
      const patch = diffMessage(mine, m);
      if (Object.keys(patch).length > 0) changes.push({ kind: 'messageChanged', message: m, patch });
      if (mine.status === 'streaming' && m.status !== 'streaming') this.inFlight.ended(m.id);
    }
    this.replaceMessages(merged.messages);
    this.createdAt = merged.createdAt;
    this.updatedAt = merged.updatedAt;
    this.participants = merged.participants;
    this.title = merged.title;
    this.renamed = merged.renamed;
    this.speakingTo = merged.speakingTo;
    this.mode = merged.mode;
    this.plans = [...(merged.plans ?? [])].sort(comparePlans);
    this.inFlight.setLeases(() => merged.leases ?? []);
    if (JSON.stringify(this.choices()) !== beforeChoices)
      changes.push({ kind: 'choicesChanged', choices: this.choices() });
    return { changes, summaryChanged: JSON.stringify(this.summary()) !== beforeSummary };
  }

  private replaceMessages(messages: Message[]): void {
    this.messages = messages;
    this.positions.clear();
    for (const [i, m] of messages.entries()) this.positions.set(m.id, i);
  }

  private touch(at: string): void {
    if (Date.parse(at) > Date.parse(this.updatedAt)) this.updatedAt = at;
  }
}
