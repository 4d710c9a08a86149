import { expect } from 'vitest';
import { discussionOf } from '../../src/orchestrator/rounds';
import { conversationOrder } from '../../src/transcript/conversationOrder';
import { parseTranscript } from '../../src/transcript/parseTranscript';
import type { TurnPlan } from '../../src/transcript/plan';
import type { Message } from '../../src/transcript/schema';
import { claude, gemini, gpt, setup } from './orchestratorSetup';
import { drainMicrotasks } from './steering';

// The orchestrator's property test, part one: what a steered thread has seen and expects (the model), and every
// invariant checked against it. `Steering` (orchestratorSteering.ts) is the part that drives the thread.

export const MAX_ROUNDS = 2;
export const SEATED = [claude, gpt, gemini];
const TERMINAL: readonly Message['status'][] = ['complete', 'error', 'cancelled', 'deleted'];

/** Across runs: how often "another round" was accepted, and refused because the cap was reached. */
export interface Tally {
  rounds: number;
  refusedAtCap: number;
}

/** What one request was asked for and sent back, as the test drove it. */
export interface CallRecord {
  messageId: string;
  attempt: number;
  text: string;
  /** How the test ended it; undefined while open (or once stopped: its signal says so). */
  ended?: 'complete' | 'error';
}

/** A turn the test saw start: who it should ask, in order, and how many of them it has asked. */
export interface TurnModel {
  responders: readonly string[];
  asked: number;
  /** For a turn started by "another round": the round the discussion had when it started. */
  roundBefore?: number;
  /** One reply outside any plan (a retry, an alternative): a stop leaves nobody owed. */
  single?: boolean;
}

/**
 * One steered thread's model of what the orchestrator must do, and the invariants checked against it after every op
 * once everything has settled.
 */
export abstract class SteeringModel {
  readonly s = setup({ participants: SEATED });
  /** The steered thread, opened by `openThread` before any op. */
  t = '';

  async openThread(): Promise<this> {
    this.t = await this.s.openThread();
    return this;
  }
  protected readonly calls: CallRecord[] = [];
  protected turn: TurnModel | undefined;
  protected skipped: readonly string[] = [];
  /**
   * A reply the stopped turn cut short before it said anything: its seat is owed a turn, and Continue runs that reply
   * again in its place (one attempt more), unless it was deleted since.
   */
  protected owedRerun: { seat: string; messageId: string } | undefined;
  /** Every message as last seen in a terminal status (ended replies, user messages, tombstones). */
  private readonly settled = new Map<string, Message>();
  private readonly streamingSeen = new Map<string, Message>();
  private ids: string[] = [];
  protected readonly retries = new Map<string, number>();
  protected readonly deleted = new Set<string>();
  protected readonly problems: string[] = [];

  messages(): Message[] {
    return this.s.orchestrator.store.transcript(this.t)?.messages ?? [];
  }

  plans(): TurnPlan[] {
    return this.s.orchestrator.store.transcript(this.t)?.plans ?? [];
  }

  protected busy(): boolean {
    return this.s.orchestrator.runner.isBusy(this.t);
  }

  protected fingerprint(withoutProgress = false): string {
    const { orchestrator, chat } = this.s;
    return JSON.stringify([
      orchestrator.store.transcript(this.t),
      this.busy(),
      chat.calls.length,
      withoutProgress ? null : orchestrator.runner.progressOf(this.t),
      orchestrator.speakingTo(this.t),
    ]);
  }

  /**
   * Who Continue must ask, worked out on its own from the thread: the turn stopped here (the offer showing), else the
   * newest turn answering the last user message when one of its replies was stopped. Owed: each of its seats with no
   * reply in it, or only one stopped before it said anything (run again in its place), unless deleted.
   */
  protected owed(messages: readonly Message[]): { seats: string[]; reruns: string[] } {
    const plans = this.plans();
    const lastQuestion = conversationOrder(messages).findLast((m) => m.role === 'user')?.id;
    const progress = this.s.orchestrator.runner.progressOf(this.t);
    const plan =
      progress?.state === 'stopped'
        ? plans.find((p) => p.id === progress.planId)
        : plans.findLast((p) => p.question === lastQuestion);
    if (!plan) return { seats: [], reruns: [] };
    const replies = messages.filter((m) => m.step?.plan === plan.id && m.alternativeOf === undefined);
    if (progress?.state !== 'stopped' && !replies.some((m) => m.status === 'cancelled'))
      return { seats: [], reruns: [] };
    const seats: string[] = [];
    const reruns: string[] = [];
    for (const seat of plan.steps[0]?.seats ?? []) {
      const reply = replies.find((m) => m.speaker === seat);
      if (!reply) seats.push(seat);
      else if (reply.status === 'cancelled' && reply.content === '') {
        seats.push(seat);
        reruns.push(reply.id);
      }
    }
    return { seats, reruns };
  }

  /** Lets the orchestrator run until nothing changes any more (it only ever waits on microtasks here). */
  async settle(): Promise<void> {
    let before = '';
    for (let i = 0; i < 20; i++) {
      await drainMicrotasks();
      const now = this.fingerprint();
      if (now === before) return;
      before = now;
    }
    throw new Error('the orchestrator did not settle');
  }

  /** The oldest request the model has not answered and nobody has stopped. */
  protected openCall(): number | undefined {
    const index = this.calls.findIndex((c, i) => c.ended === undefined && !this.s.chat.calls[i]?.signal.aborted);
    return index < 0 ? undefined : index;
  }

  /** Every invariant, on the settled state. */
  async check(): Promise<void> {
    const { orchestrator, repository, chat, logs } = this.s;
    const messages = this.messages();
    const busy = this.busy();
    expect(this.problems).toEqual([]);

    // Order and identity: seq is the position, ids are unique, nothing already seen moved or went away.
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i));
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    expect(messages.slice(0, this.ids.length).map((m) => m.id)).toEqual(this.ids);
    this.ids = messages.map((m) => m.id);

    // One reply streams exactly while a turn runs, and it is the one request left open.
    const streaming = messages.filter((m) => m.status === 'streaming');
    expect(streaming).toHaveLength(busy ? 1 : 0);
    const open = this.openCall();
    expect(open === undefined ? undefined : this.calls[open]?.messageId).toBe(streaming[0]?.id);

    // Alternatives name an earlier reply that is not itself an alternative.
    for (const [i, m] of messages.entries()) {
      if (m.alternativeOf === undefined) continue;
      const original = messages.findIndex((o) => o.id === m.alternativeOf);
      expect(original).toBeGreaterThanOrEqual(0);
      expect(original).toBeLessThan(i);
      expect([messages[original]?.role, messages[original]?.alternativeOf]).toEqual(['assistant', undefined]);
    }

    this.checkHistory(messages);
    this.checkReplies(messages);

    // One request per run of a reply: no request without a message, none sent twice.
    const runs = messages.reduce((n, m) => n + (m.role === 'assistant' ? (m.attempt ?? 1) : 0), 0);
    expect(chat.calls).toHaveLength(runs);

    this.checkTurn(busy, messages);

    // The persistable copy is a valid stored thread at every moment; once idle, it is what was stored.
    const persistable = await orchestrator.store.peek(this.t);
    const parsed = parseTranscript(persistable);
    expect(parsed.ok ? undefined : parsed.error).toBeUndefined();
    if (!busy && messages.length > 0) {
      await orchestrator.store.flush();
      expect(repository.stored(this.t)).toEqual(orchestrator.store.transcript(this.t));
    }
    expect(logs.filter((l) => l.startsWith('error'))).toEqual([]);
  }

  /** An ended message never changes again, except a retry of it (one attempt more) or its deletion (a tombstone). */
  private checkHistory(messages: readonly Message[]): void {
    for (const m of messages) {
      expect(m.attempt ?? 1).toBe(1 + (this.retries.get(m.id) ?? 0));
      expect(m.status === 'deleted').toBe(this.deleted.has(m.id));
      const before = this.settled.get(m.id);
      if (before && before.status === 'deleted') expect(m).toEqual(before);
      else if (before && m.status === 'deleted') {
        expect(m).toMatchObject({ content: '', role: before.role, speaker: before.speaker, seq: before.seq });
        expect(m.contextBlocks ?? m.error ?? m.usage).toBeUndefined();
      } else if (before && m.attempt === before.attempt) expect(m).toEqual(before);
      const streamed = this.streamingSeen.get(m.id);
      if (streamed && streamed.attempt === m.attempt && m.status !== 'deleted') {
        expect(m.content.startsWith(streamed.content)).toBe(true);
      }
      if (TERMINAL.includes(m.status)) this.settled.set(m.id, m);
      if (m.status === 'streaming') this.streamingSeen.set(m.id, m);
      else this.streamingSeen.delete(m.id);
    }
  }

  /** Each ended run of a reply holds exactly the text its request sent, and ended as its request did. */
  private checkReplies(messages: readonly Message[]): void {
    for (const [i, record] of this.calls.entries()) {
      const m = messages.find((x) => x.id === record.messageId);
      if (!m || m.status === 'streaming' || m.status === 'deleted' || (m.attempt ?? 1) !== record.attempt) continue;
      const aborted = this.s.chat.calls[i]?.signal.aborted === true;
      const status = record.ended ?? (aborted ? 'cancelled' : 'still open');
      expect({ content: m.content, status: m.status }).toEqual({ content: record.text, status });
    }
  }

  /** Who the turn asks, what a stopped turn skipped, and that "another round" never passes the cap. */
  private checkTurn(busy: boolean, messages: readonly Message[]): void {
    const progress = this.s.orchestrator.runner.progressOf(this.t);
    const turn = this.turn;
    if (busy) {
      if (!turn) throw new Error('busy with no turn started');
      expect(progress).toMatchObject({
        state: 'running',
        responders: turn.responders,
        answering: [turn.responders[turn.asked - 1]],
      });
      return;
    }
    if (turn) {
      const last = this.calls.at(-1);
      const cut = messages.find((m) => m.id === last?.messageId);
      const saidNothing = !turn.single && turn.asked > 0 && cut?.status === 'cancelled' && cut.content === '';
      this.owedRerun = saidNothing && cut ? { seat: cut.speaker, messageId: cut.id } : undefined;
      this.skipped = turn.responders.slice(saidNothing ? turn.asked - 1 : turn.asked);
      if (turn.roundBefore !== undefined) {
        const round = discussionOf(messages, this.plans())?.round ?? 0;
        expect(round).toBeLessThanOrEqual(Math.min(MAX_ROUNDS, turn.roundBefore + 1));
      }
      this.turn = undefined;
    }
    expect(progress).toEqual(
      this.skipped.length > 0
        ? { state: 'stopped', planId: expect.any(String), step: 'answer', skipped: this.skipped }
        : undefined,
    );
    // Replies that are not alternatives: at most maxRounds per participant since the last user message.
    const order = conversationOrder(messages);
    const lastUser = order.findLastIndex((m) => m.role === 'user');
    const counts = new Map<string, number>();
    for (const m of order.slice(lastUser + 1)) {
      if (m.role !== 'assistant' || m.status === 'deleted' || m.alternativeOf !== undefined) continue;
      counts.set(m.speaker, (counts.get(m.speaker) ?? 0) + 1);
    }
    expect([...counts].filter(([, n]) => n > MAX_ROUNDS)).toEqual([]);
  }
}
