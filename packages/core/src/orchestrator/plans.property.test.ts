import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { drainMicrotasks } from '../../test/support/steering';
import type { ScriptedCall } from '../testing';
import { conversationOrder } from '../transcript/conversationOrder';
import { parseTranscript } from '../transcript/parseTranscript';
import type { DiscussionMode } from '../transcript/plan';
import type { Message } from '../transcript/schema';
import { DELTA_BATCH_MS } from './deltaBatcher';

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

/*
 * The orchestrator steered at random through every way of taking a turn in every mode (send to everyone, to two
 * seats or to a group in Discuss, Independent or Council; stop; continue; another round; a review; retry;
 * regenerate as; delete), with the model answering, failing or stopping half-way any open request. Checked after
 * every op, once settled:
 * - the thread as it would be written parses: plans, steps and reviews hold together with every other invariant;
 * - no more requests are open than the running step allows at once (two here), each for a streaming reply;
 * - a plan's step has one reply per seat, and its answers keep the step's seat order (each kept its place);
 * - what each request read obeyed its rule: a blind answer read no other answer of its plan; a review or a
 *   synthesis read no seat's name; every request ended exactly as the test ended it;
 * - once idle, nothing streams and what is stored is what is in memory; nothing was logged as an error.
 */

const SEATED = [claude, gpt, gemini];
const NAMES = ['Claude', 'GPT', 'Gemini'];
const GROUPS = [{ id: 'pair', displayName: '@pair', members: ['claude', 'gemini'], mode: 'council' as const }];

type Intent =
  | { kind: 'mode'; mode: DiscussionMode }
  | { kind: 'send'; to: '@all' | '@gpt @claude' | '@pair' }
  | { kind: 'stop' | 'continue' | 'anotherRound' | 'nothing' }
  | { kind: 'review' | 'retry' | 'delete'; pick: number }
  | { kind: 'regenerate'; pick: number; as: string };

/**
 * One step of the steering: an intent, then what the model does: answer everything until the turn rests (failing
 * every n-th request), say something and be stopped, or leave the requests open for the next step.
 */
interface Op {
  intent: Intent;
  model: 'settle' | 'stop' | 'open';
  failEvery: number;
}

const intent: fc.Arbitrary<Intent> = fc.oneof(
  fc.constantFrom('discuss', 'independent', 'council').map((mode) => ({ kind: 'mode' as const, mode })),
  {
    weight: 3,
    arbitrary: fc.constantFrom('@all', '@gpt @claude', '@pair').map((to) => ({ kind: 'send' as const, to })),
  },
  fc.constantFrom('stop', 'continue', 'anotherRound', 'nothing').map((kind) => ({ kind }) as Intent),
  ...(['review', 'retry', 'delete'] as const).map((kind) => fc.record({ kind: fc.constant(kind), pick: fc.nat(20) })),
  fc.record({
    kind: fc.constant('regenerate' as const),
    pick: fc.nat(20),
    as: fc.constantFrom('claude', 'gpt', 'gemini'),
  }),
);
const op: fc.Arbitrary<Op> = fc.record({
  intent,
  model: fc.constantFrom('settle', 'settle', 'settle', 'stop', 'open'),
  failEvery: fc.integer({ min: 2, max: 9 }),
});

class Steering {
  readonly s = setup({ participants: SEATED });
  /** The steered thread, opened by `openThread` before any op. */
  t = '';

  async openThread(): Promise<this> {
    this.t = await this.s.openThread();
    return this;
  }
  /** What each request was answered, by the test: the reply's text, or how it failed; undefined while open. */
  private readonly ended = new Map<ScriptedCall, { status: 'complete' | 'error'; text: string }>();
  private readonly replyOf = new Map<ScriptedCall, string>();
  private word = 0;

  constructor() {
    const { orchestrator, chat } = this.s;
    orchestrator.table.update({ ...orchestrator.table.settings, maxConcurrent: 2, maxRounds: 3, groups: GROUPS });
    chat.onCall = (index) => {
      const call = chat.calls[index];
      const streaming = this.messages().filter((m) => m.status === 'streaming' && !this.taken(m.id));
      const mine = streaming.find((m) => SEATED.find((p) => p.id === m.speaker)?.model === call?.model);
      if (call && mine) this.replyOf.set(call, mine.id);
    };
  }

  messages(): Message[] {
    return this.s.orchestrator.store.transcript(this.t)?.messages ?? [];
  }

  private taken(messageId: string): boolean {
    return [...this.replyOf].some(([call, id]) => id === messageId && !this.ended.has(call) && !call.signal.aborted);
  }

  private open(): ScriptedCall[] {
    return this.s.chat.calls.filter((c) => !this.ended.has(c) && !c.signal.aborted);
  }

  async apply(o: Op): Promise<void> {
    await this.intend(o.intent);
    await this.settle();
    if (o.model === 'stop') {
      const call = this.open()[0];
      call?.emit({ type: 'delta', text: `w${this.word++} ` });
      await this.settle();
      this.s.orchestrator.stop(this.t);
    } else if (o.model === 'settle') {
      // Every request open now, and every one their ends let start, until the turn rests.
      for (let round = 0; round < 12 && this.open().length > 0; round++) {
        for (const call of this.open()) this.answer(call, (this.word + 1) % o.failEvery !== 0);
        await this.settle();
      }
    }
    await this.settle();
  }

  private async intend(i: Intent): Promise<void> {
    const { orchestrator } = this.s;
    const replies = conversationOrder(this.messages()).filter((m) => m.role === 'assistant');
    // Each intent picks among the replies it can act on, when there are any (else among all, to be refused).
    const pick = (n: number, fits: (m: Message) => boolean = () => true) => {
      const fitting = replies.some(fits) ? replies.filter(fits) : replies;
      return fitting[n % Math.max(1, fitting.length)]?.id ?? 'none';
    };
    switch (i.kind) {
      case 'mode':
        orchestrator.setMode(this.t, i.mode);
        return;
      case 'send':
        await orchestrator.send(this.t, `${i.to} w${this.word++}`);
        return;
      case 'stop':
        orchestrator.stop(this.t);
        return;
      case 'continue':
        await orchestrator.continueSkipped(this.t);
        return;
      case 'anotherRound':
        await orchestrator.anotherRound(this.t);
        return;
      case 'nothing':
        return;
      case 'review':
        await orchestrator.review(
          this.t,
          pick(i.pick, (m) => m.status === 'complete' && !m.reviewOf),
        );
        return;
      case 'retry':
        await orchestrator.retry(
          this.t,
          pick(i.pick, (m) => m.status === 'error' || m.status === 'cancelled'),
        );
        return;
      case 'delete':
        orchestrator.deleteMessage(this.t, pick(i.pick));
        return;
      case 'regenerate':
        await orchestrator.regenerateAs(this.t, pick(i.pick), i.as);
        return;
    }
  }

  /** Ends a request: its text and a finish, or a failure before any text. */
  private answer(call: ScriptedCall, succeeds: boolean): void {
    const text = `w${this.word++} `;
    if (succeeds) {
      call.emit({ type: 'delta', text });
      call.emit({ type: 'finish', reason: 'stop' });
    } else call.emit({ type: 'error', error: { kind: 'http', status: 500, message: 'boom' } });
    this.ended.set(call, succeeds ? { status: 'complete', text } : { status: 'error', text: '' });
    call.end();
  }

  private async settle(): Promise<void> {
    await drainMicrotasks();
    this.s.clock.advance(DELTA_BATCH_MS);
    await drainMicrotasks();
  }

  async check(): Promise<void> {
    const { orchestrator, repository, logs } = this.s;
    const transcript = orchestrator.store.transcript(this.t);
    if (!transcript) throw new Error('thread gone');
    const persistable = await orchestrator.store.peek(this.t);
    const parsed = parseTranscript(persistable);
    expect(parsed.ok ? undefined : parsed.error).toBeUndefined();

    const open = this.open();
    const streaming = transcript.messages.filter((m) => m.status === 'streaming');
    expect(open.length).toBeLessThanOrEqual(2);
    expect(streaming.length).toBeGreaterThanOrEqual(open.length);

    const order = conversationOrder(transcript.messages);
    for (const plan of transcript.plans ?? []) {
      for (const [index, step] of plan.steps.entries()) {
        const seats = order
          .filter((m) => m.step?.plan === plan.id && m.step.index === index && !m.alternativeOf && !m.reviewOf)
          .map((m) => m.speaker);
        // Each seat has one reply per step; a plan's answers keep its seat order (their places are all kept when
        // the step starts). A later step may gain a reply when Continue finds it something to read at last.
        expect(new Set(seats).size, `plan ${plan.id} step ${index}: ${seats}`).toBe(seats.length);
        if (index === 0) expect(seats, `plan ${plan.id} answers`).toEqual(step.seats.filter((s) => seats.includes(s)));
      }
    }

    for (const [call, messageId] of this.replyOf) {
      const m = transcript.messages.find((x) => x.id === messageId);
      const plan = transcript.plans?.find((p) => p.id === m?.step?.plan);
      const step = m?.step ? plan?.steps[m.step.index] : undefined;
      const prompt = call.messages.map((x) => x.content).join('\n');
      if (step?.reads === 'blind') {
        const others = transcript.messages.filter(
          (x) => x.id !== messageId && x.step?.plan === plan?.id && x.role === 'assistant' && x.content !== '',
        );
        for (const other of others) expect(prompt).not.toContain(other.content.trim());
      }
      if (step?.names === 'anonymised') {
        for (const name of NAMES) expect(prompt).not.toMatch(new RegExp(`\\b${name}\\b`));
      }
      const ended = this.ended.get(call);
      if (ended && m && m.status !== 'deleted' && m.status !== 'streaming' && call === this.lastCallFor(messageId)) {
        expect({ status: m.status, ends: m.content.endsWith(ended.text) }).toEqual({
          status: ended.status,
          ends: true,
        });
      }
    }

    if (!orchestrator.runner.isBusy(this.t)) {
      expect(streaming).toEqual([]);
      if (transcript.messages.length > 0) {
        await orchestrator.store.flush();
        expect(repository.stored(this.t)).toEqual(orchestrator.store.transcript(this.t));
      }
    }
    expect(logs.filter((l) => l.startsWith('error'))).toEqual([]);
  }

  private lastCallFor(messageId: string): ScriptedCall | undefined {
    return [...this.replyOf].filter(([, id]) => id === messageId).at(-1)?.[0];
  }
}

describe('plans under random steering', () => {
  test('keep every invariant through any sequence of intents, modes and model events', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const steering = await new Steering().openThread();
        try {
          for (const [i, o] of ops.entries()) {
            try {
              await steering.apply(o);
              await steering.check();
            } catch (error) {
              if (error instanceof Error) error.message += `\n  after ops ${JSON.stringify(ops.slice(0, i + 1))}`;
              throw error;
            }
          }
          steering.s.orchestrator.stop(steering.t);
          await drainMicrotasks();
          await steering.check();
        } finally {
          disposeAll();
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
