import fc from 'fast-check';
import { expect } from 'vitest';
import { DELTA_BATCH_MS } from '../../src/orchestrator/deltaBatcher';
import type { IntentResult } from '../../src/orchestrator/result';
import { discussionOf } from '../../src/orchestrator/rounds';
import { disposeAll } from './orchestratorSetup';
import { MAX_ROUNDS, SEATED, SteeringModel, type Tally } from './orchestratorSteeringModel';
import {
  expectedTargets,
  type ModelStep,
  type OpWeights,
  pickId,
  type SteeringOp,
  sharedPrompt,
  steeringOps,
} from './steering';

// The orchestrator's property test, part two: the real Orchestrator steered by ops, checked after every one.

/**
 * One thread steered by random ops, with a model of what the orchestrator must do, checked after every op once
 * everything has settled. The model is deliberately small: which intents are accepted, who a turn asks, which
 * replies a stopped turn skips, and which changes a message may go through once it has ended.
 */
export class Steering extends SteeringModel {
  private speakingTo = 'claude';
  private counter = 0;

  constructor(private readonly tally: Tally) {
    super();
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

  async apply(op: SteeringOp): Promise<void> {
    if (op.kind === 'model') return this.modelStep(op.step);
    if (op.kind === 'tick') {
      this.s.clock.advance(op.ms);
      return this.settle();
    }
    const fingerprints = [this.fingerprint(false), this.fingerprint(true)];
    const before = (withoutProgress: boolean) => fingerprints[withoutProgress ? 1 : 0];
    const { expected, responders, result } = await this.intent(op);
    await this.settle();
    if (op.kind !== 'stop') expect({ op, accepted: result.ok }).toEqual({ op, accepted: expected });
    if (!result.ok || (op.kind === 'stop' && this.turn === undefined)) {
      // A refused intent (or Stop with nothing running) changes nothing at all, but a refused Continue drops a stale
      // offer to continue.
      expect(this.fingerprint(op.kind === 'continueSkipped')).toBe(before(op.kind === 'continueSkipped'));
    }
    if (result.ok && responders) {
      this.skipped = [];
      this.owedRerun = undefined;
    }
  }

  /** Carries out one intent and says whether the model expects it accepted, and who its turn asks. */
  private async intent(op: Exclude<SteeringOp, { kind: 'model' | 'tick' }>): Promise<{
    expected: boolean;
    responders?: readonly string[];
    result: IntentResult;
  }> {
    const { orchestrator } = this.s;
    const busy = this.busy();
    const messages = this.messages();
    const start = async (
      expected: boolean,
      responders: readonly string[],
      run: () => Promise<IntentResult>,
      roundBefore?: number,
    ) => {
      if (expected && !busy)
        this.turn = { responders, asked: 0, ...(roundBefore === undefined ? {} : { roundBefore }) };
      const result = await run();
      if (!result.ok && !busy) this.turn = undefined;
      return { expected: expected && !busy, responders, result };
    };
    switch (op.kind) {
      case 'send': {
        const targets = expectedTargets(op.mentions, this.speakingTo);
        const text = [...op.mentions, op.word].join(' ');
        const outcome = await start(targets !== 'refused', targets === 'refused' ? [] : targets, () =>
          orchestrator.send(this.t, text),
        );
        if (outcome.result.ok && targets !== 'refused') this.sent(op.mentions, text, targets);
        return outcome;
      }
      case 'stop':
        return { expected: true, result: orchestrator.stop(this.t) };
      case 'continueSkipped': {
        const { seats, reruns } = this.owed(messages);
        const outcome = await start(seats.length > 0, seats, () => orchestrator.continueSkipped(this.t));
        if (outcome.result.ok) for (const id of reruns) this.retries.set(id, (this.retries.get(id) ?? 0) + 1);
        // Refused with an offer showing: the offer was stale (what it offered was deleted since) and goes.
        if (!outcome.result.ok && !busy && this.skipped.length > 0) this.skipped = [];
        return outcome;
      }
      case 'anotherRound': {
        const d = discussionOf(messages, this.plans());
        const ok = d !== undefined && d.speakers.length >= 2 && d.round < MAX_ROUNDS;
        const outcome = await start(ok, d?.speakers ?? [], () => orchestrator.anotherRound(this.t), d?.round);
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
        const outcome = await start(ok, m ? [m.speaker] : [], () => orchestrator.retry(this.t, id));
        if (outcome.result.ok && this.turn) this.turn.single = true;
        if (outcome.result.ok) this.retries.set(id, (this.retries.get(id) ?? 0) + 1);
        return outcome;
      }
      case 'regenerateAs': {
        const id = pickId(messages, op.pick);
        const m = messages.find((x) => x.id === id);
        const ok = m?.role === 'assistant' && m.status !== 'deleted' && SEATED.some((p) => p.id === op.as);
        const outcome = await start(ok, [op.as], () => orchestrator.regenerateAs(this.t, id, op.as));
        if (outcome.result.ok && this.turn) this.turn.single = true;
        return outcome;
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

  async finish(): Promise<void> {
    this.s.orchestrator.stop(this.t);
    await this.settle();
    await this.check();
  }
}

/** Plays ops on one thread, checking every invariant after each; a failure names the ops up to the one that broke. */
export async function play(steering: Steering, ops: readonly SteeringOp[]): Promise<void> {
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
export async function steer(weights: OpWeights, numRuns: number): Promise<Tally> {
  const tally: Tally = { rounds: 0, refusedAtCap: 0 };
  await fc.assert(
    fc.asyncProperty(steeringOps(25, weights), async (ops) => {
      try {
        await play(await new Steering(tally).openThread(), ops);
      } finally {
        disposeAll();
      }
    }),
    { numRuns },
  );
  return tally;
}
