import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import {
  drainMicrotasks,
  EVERYTHING,
  expectedTargets,
  type Mention,
  type ModelStep,
  type OpWeights,
  pickId,
  type SteeringOp,
  sharedPrompt,
  steeringOps,
} from '../../test/support/steering';
import { conversationOrder } from '../transcript/conversationOrder';
import { parseTranscript } from '../transcript/parseTranscript';
import type { Message } from '../transcript/schema';
import { DELTA_BATCH_MS } from './deltaBatcher';
import type { IntentResult } from './result';
import { discussionOf } from './rounds';

ensureNoDisposablesAreLeaked();

/*
 * The real Orchestrator, steered at random (send, stop, continue, retry, regenerate-as, another round, delete, and
 * the model answering, failing or stopping half-way), with these checked after every op once it has settled:
 * - each intent is accepted exactly when a small model says it must be, and a refused one changes nothing;
 * - seq is the position, ids are unique, and no message ever moves or goes away;
 * - one reply streams exactly while a turn runs; each turn asks its responders in order, and a stopped one leaves
 *   exactly the rest as skipped; every request is sent the whole labelled conversation before its reply's place;
 * - an alternative names an earlier reply that is not itself one;
 * - an ended message never changes again, except by a retry of it (attempt + 1) or its deletion (a tombstone), and
 *   each ended run holds exactly the text its request sent;
 * - the persistable copy always parses, and once idle it is exactly what is stored;
 * - the cap: "another round" is accepted only while the discussion since the last user message has fewer than
 *   maxRounds rounds (as `discussionOf` counts them) and refused at or past it, and the turn it starts adds at most
 *   one reply per participant, so it never takes the round past maxRounds. "Regenerate as" adds an alternative,
 *   which `discussionOf` counts for its speaker, so it may take the count past the cap (by design: it is a second
 *   answer, not a round); replies that are not alternatives never pass maxRounds per participant.
 */

afterEach(disposeAll);

const MAX_ROUNDS = 2;
const SEATED = [claude, gpt, gemini];
const TERMINAL: readonly Message['status'][] = ['complete', 'error', 'cancelled', 'deleted'];

/** Across runs: how often "another round" was accepted, and refused because the cap was reached. */
interface Tally {
  rounds: number;
  refusedAtCap: number;
}

/** What one request was asked for and sent back, as the test drove it. */
interface CallRecord {
  messageId: string;
  attempt: number;
  text: string;
  /** How the test ended it; undefined while open (or once stopped: its signal says so). */
  ended?: 'complete' | 'error';
}

/** A turn the test saw start: who it should ask, in order, and how many of them it has asked. */
interface TurnModel {
  responders: readonly string[];
  asked: number;
  /** For a turn started by "another round": the round the discussion had when it started. */
  roundBefore?: number;
}

/**
 * One thread steered by random ops, with a model of what the orchestrator must do, checked after every op once
 * everything has settled. The model is deliberately small: which intents are accepted, who a turn asks, which
 * replies a stopped turn skips, and which changes a message may go through once it has ended.
 */
class Steering {
  readonly s = setup({ participants: SEATED });
  readonly t = this.s.openThread();
  private readonly calls: CallRecord[] = [];
  private turn: TurnModel | undefined;
  private skipped: readonly string[] = [];
  private speakingTo = 'claude';
  private counter = 0;
  /** Every message as last seen in a terminal status (ended replies, user messages, tombstones). */
  private readonly settled = new Map<string, Message>();
  private readonly streamingSeen = new Map<string, Message>();
  private ids: string[] = [];
  private readonly retries = new Map<string, number>();
  private readonly deleted = new Set<string>();
  private readonly problems: string[] = [];

  constructor(private readonly tally: Tally) {
    const { orchestrator, chat } = this.s;
    orchestrator.table.update({ ...orchestrator.table.settings, maxRounds: MAX_ROUNDS });
    // Runs inside the orchestrator's request: a throw here would be taken for a failed request, so what is wrong
    // is written down and reported by `check`.
    chat.onCall = (index) => {
      const streaming = this.messages().filter((m) => m.status === 'streaming');
      const m = streaming[0];
      const turn = this.turn;
      const expected = turn?.responders[turn.asked];
      if (!m || streaming.length !== 1 || !turn || m.speaker !== expected) {
        this.problems.push(
          `request ${index}: ${streaming.length} streaming, speaker ${m?.speaker}, expected ${expected}`,
        );
      }
      if (m && chat.calls[index]?.model !== SEATED.find((p) => p.id === m.speaker)?.model) {
        this.problems.push(`request ${index} went to ${chat.calls[index]?.model} for ${m.speaker}`);
      }
      if (
        m &&
        JSON.stringify(chat.calls[index]?.messages.slice(1)) !==
          JSON.stringify(sharedPrompt(this.messages(), m, SEATED))
      ) {
        this.problems.push(`request ${index} for ${m.id} did not see the conversation before it, labelled`);
      }
      if (turn) turn.asked += 1;
      this.calls[index] = { messageId: m?.id ?? 'none', attempt: m?.attempt ?? 1, text: '' };
    };
  }

  messages(): Message[] {
    return this.s.orchestrator.store.transcript(this.t)?.messages ?? [];
  }

  private busy(): boolean {
    return this.s.orchestrator.runner.isBusy(this.t);
  }

  private fingerprint(): string {
    const { orchestrator, chat } = this.s;
    return JSON.stringify([
      orchestrator.store.transcript(this.t),
      this.busy(),
      chat.calls.length,
      orchestrator.runner.progressOf(this.t),
      orchestrator.speakingTo(this.t),
    ]);
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
  private openCall(): number | undefined {
    const index = this.calls.findIndex((c, i) => c.ended === undefined && !this.s.chat.calls[i]?.signal.aborted);
    return index < 0 ? undefined : index;
  }

  async apply(op: SteeringOp): Promise<void> {
    if (op.kind === 'model') return this.modelStep(op.step);
    if (op.kind === 'tick') {
      this.s.clock.advance(op.ms);
      return this.settle();
    }
    const before = this.fingerprint();
    const { expected, responders, result } = this.intent(op);
    await this.settle();
    if (op.kind !== 'stop') expect({ op, accepted: result.ok }).toEqual({ op, accepted: expected });
    if (!result.ok || (op.kind === 'stop' && this.turn === undefined)) {
      // A refused intent (or Stop with nothing running) changes nothing at all.
      expect(this.fingerprint()).toBe(before);
    }
    if (result.ok && responders) this.skipped = [];
  }

  /** Carries out one intent and says whether the model expects it accepted, and who its turn asks. */
  private intent(op: Exclude<SteeringOp, { kind: 'model' | 'tick' }>): {
    expected: boolean;
    responders?: readonly string[];
    result: IntentResult;
  } {
    const { orchestrator } = this.s;
    const busy = this.busy();
    const messages = this.messages();
    const start = (expected: boolean, responders: readonly string[], run: () => IntentResult, roundBefore?: number) => {
      if (expected && !busy)
        this.turn = { responders, asked: 0, ...(roundBefore === undefined ? {} : { roundBefore }) };
      const result = run();
      if (!result.ok && !busy) this.turn = undefined;
      return { expected: expected && !busy, responders, result };
    };
    switch (op.kind) {
      case 'send': {
        const targets = expectedTargets(op.mentions, this.speakingTo);
        const text = [...op.mentions, op.word].join(' ');
        const outcome = start(targets !== 'refused', targets === 'refused' ? [] : targets, () =>
          orchestrator.send(this.t, text),
        );
        if (outcome.result.ok && targets !== 'refused') this.sent(op.mentions, text, targets);
        return outcome;
      }
      case 'stop':
        return { expected: true, result: orchestrator.stop(this.t) };
      case 'continueSkipped':
        return start(this.skipped.length > 0, this.skipped, () => orchestrator.continueSkipped(this.t));
      case 'anotherRound': {
        const d = discussionOf(messages);
        const ok = d !== undefined && d.speakers.length >= 2 && d.round < MAX_ROUNDS;
        const outcome = start(ok, d?.speakers ?? [], () => orchestrator.anotherRound(this.t), d?.round);
        if (!busy && d && d.speakers.length >= 2 && d.round >= MAX_ROUNDS) {
          expect(outcome.result).toEqual({ ok: false, reason: expect.stringContaining('maxRounds') });
          this.tally.refusedAtCap += 1;
        }
        if (outcome.result.ok) this.tally.rounds += 1;
        return outcome;
      }
      case 'retry': {
        const id = pickId(messages, op.pick);
        const m = messages.find((x) => x.id === id);
        const ok = m?.role === 'assistant' && (m.status === 'error' || m.status === 'cancelled');
        const outcome = start(ok, m ? [m.speaker] : [], () => orchestrator.retry(this.t, id));
        if (outcome.result.ok) this.retries.set(id, (this.retries.get(id) ?? 0) + 1);
        return outcome;
      }
      case 'regenerateAs': {
        const id = pickId(messages, op.pick);
        const m = messages.find((x) => x.id === id);
        const ok = m?.role === 'assistant' && m.status !== 'deleted' && SEATED.some((p) => p.id === op.as);
        return start(ok, [op.as], () => orchestrator.regenerateAs(this.t, id, op.as));
      }
      case 'deleteMessage': {
        const id = pickId(messages, op.pick);
        const m = messages.find((x) => x.id === id);
        const result = orchestrator.deleteMessage(this.t, id);
        if (result.ok && m && m.status !== 'deleted') this.deleted.add(id);
        return { expected: m !== undefined && m.status !== 'streaming', result };
      }
    }
  }

  /** An accepted send: the user message is the text, addressed as routed, with the unknown name kept. */
  private sent(mentions: readonly string[], text: string, targets: readonly string[]): void {
    const user = this.messages().findLast((m) => m.role === 'user');
    expect(user).toMatchObject({ content: text, targets, status: 'complete' });
    expect(user?.unrouted?.unknown).toEqual(mentions.includes('@bob') ? ['bob'] : undefined);
    if (!mentions.includes('@all') && mentions.length > 0) this.speakingTo = targets.at(-1) as string;
  }

  private async modelStep(step: ModelStep): Promise<void> {
    if (step === 'replyAll') {
      while (this.openCall() !== undefined) await this.modelStep('reply');
      return;
    }
    const index = this.openCall();
    if (index === undefined) return;
    const call = this.s.chat.calls[index];
    const record = this.calls[index];
    if (!call || !record) throw new Error(`no request ${index}`);
    const say = (text: string) => {
      call.emit({ type: 'delta', text });
      record.text += text;
    };
    this.counter += 1;
    if (step === 'reply') {
      say(`r${this.counter} `);
      call.emit({ type: 'finish', reason: 'stop' });
      record.ended = 'complete';
    } else if (step === 'partial') {
      say(`p${this.counter} `);
    } else if (step === 'fail') {
      call.emit({ type: 'error', error: { kind: 'http', message: 'HTTP 500: upstream failed', status: 500 } });
      record.ended = 'error';
    } else {
      say(`c${this.counter} `);
      record.ended = 'error';
    }
    if (record.ended) call.end();
    await this.settle();
    if (step === 'partial') {
      // Streamed text reaches the store in batches; let one batch go out.
      this.s.clock.advance(DELTA_BATCH_MS);
      await this.settle();
    }
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
      expect(progress).toEqual({ state: 'running', responders: turn.responders, current: turn.asked - 1 });
      return;
    }
    if (turn) {
      this.skipped = turn.responders.slice(turn.asked);
      if (turn.roundBefore !== undefined) {
        const round = discussionOf(messages)?.round ?? 0;
        expect(round).toBeLessThanOrEqual(Math.min(MAX_ROUNDS, turn.roundBefore + 1));
      }
      this.turn = undefined;
    }
    expect(progress).toEqual(this.skipped.length > 0 ? { state: 'stopped', skipped: this.skipped } : undefined);
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

  async finish(): Promise<void> {
    this.s.orchestrator.stop(this.t);
    await this.settle();
    await this.check();
  }
}

/** Plays ops on one thread, checking every invariant after each; a failure names the ops up to the one that broke. */
async function play(steering: Steering, ops: readonly SteeringOp[]): Promise<void> {
  for (const [i, op] of ops.entries()) {
    try {
      await steering.apply(op);
      await steering.check();
    } catch (error) {
      if (error instanceof Error) error.message += `\n  after ops ${JSON.stringify(ops.slice(0, i + 1))}`;
      throw error;
    }
  }
  await steering.finish();
}

/** Plays random op sequences, checking every invariant after each op and once everything is stopped. */
async function steer(weights: OpWeights, numRuns: number): Promise<Tally> {
  const tally: Tally = { rounds: 0, refusedAtCap: 0 };
  await fc.assert(
    fc.asyncProperty(steeringOps(25, weights), async (ops) => {
      try {
        await play(new Steering(tally), ops);
      } finally {
        disposeAll();
      }
    }),
    { numRuns },
  );
  return tally;
}

/** Discussions: mostly replies answered in full, and "another round" asked for often. */
const ROUNDS: OpWeights = {
  ...EVERYTHING,
  send: 3,
  reply: 2,
  replyAll: 8,
  otherModelStep: 1,
  stop: 1,
  continueSkipped: 1,
  anotherRound: 8,
  retry: 1,
  regenerateAs: 2,
  deleteMessage: 1,
  tick: 0,
};

describe('the orchestrator under random steering', () => {
  test('keeps the transcript invariants through any sequence of intents and model events', async () => {
    await steer(EVERYTHING, 100);
  }, 30_000);

  test('"another round" is refused once a discussion has maxRounds rounds, and a round never passes it', async () => {
    const tally = await steer(ROUNDS, 100);
    // The property is only worth something if the cap was reached: both outcomes came up.
    expect(tally.rounds).toBeGreaterThan(0);
    expect(tally.refusedAtCap).toBeGreaterThan(0);
  }, 30_000);
});

describe('what the cap bounds, step by step', () => {
  const send = (...mentions: Mention[]): SteeringOp => ({ kind: 'send', mentions, word: 'why?' });
  const replyAll: SteeringOp = { kind: 'model', step: 'replyAll' };
  const anotherRound: SteeringOp = { kind: 'anotherRound' };

  test('"another round" runs up to maxRounds and is refused there; a new message starts a new discussion', async () => {
    const tally: Tally = { rounds: 0, refusedAtCap: 0 };
    const steering = new Steering(tally);
    const round = () => discussionOf(steering.messages())?.round;
    await play(steering, [send('@all'), replyAll, anotherRound, replyAll, anotherRound]);
    expect(round()).toBe(MAX_ROUNDS);
    expect(tally).toEqual({ rounds: 1, refusedAtCap: 1 });
    await play(steering, [send('@gpt', '@claude'), replyAll, anotherRound, replyAll, anotherRound]);
    expect(round()).toBe(MAX_ROUNDS);
    expect(tally).toEqual({ rounds: 2, refusedAtCap: 2 });
  });

  test('"Regenerate as" adds a reply beside another, not a round: the count stays at the cap, and "another round" stays refused', async () => {
    const tally: Tally = { rounds: 0, refusedAtCap: 0 };
    const steering = new Steering(tally);
    await play(steering, [send('@all'), replyAll, anotherRound, replyAll]);
    // GPT answers again what Claude said in the second round (the fourth reply): its third reply here.
    const claudeSecond = steering.messages().filter((m) => m.role === 'assistant')[3];
    expect(claudeSecond?.speaker).toBe('claude');
    await play(steering, [{ kind: 'regenerateAs', pick: { among: 'replies', index: 3 }, as: 'gpt' }, replyAll]);
    expect(steering.messages().at(-1)).toMatchObject({ speaker: 'gpt', alternativeOf: claudeSecond?.id });
    expect(discussionOf(steering.messages())).toEqual({ speakers: ['claude', 'gpt', 'gemini'], round: 2 });
    await play(steering, [anotherRound]);
    expect(tally).toEqual({ rounds: 1, refusedAtCap: 1 });
  });
});
