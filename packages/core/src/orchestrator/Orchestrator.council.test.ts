import { afterEach, describe, expect, test, vi } from 'vitest';
import { labelsOf } from '../../test/support/councilRun';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { Orchestrator } from './Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from './settings';
import { unfinishedPlan } from './unfinishedPlan';

// Several replies at once: each keeps its place whatever order they finish in, at most maxConcurrent stream, a
// failure fails alone, Stop stops every one of them, and Continue (here or after a reload) picks the plan up.

const own = ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

async function table(mode: 'independent' | 'council', maxConcurrent = 3) {
  const s = setup({ participants: [claude, gpt, gemini] });
  s.orchestrator.table.update({ ...s.orchestrator.table.settings, maxConcurrent });
  const t = await s.openThread();
  s.orchestrator.setMode(t, mode);
  const replies = () => s.messages(t).filter((m) => m.role === 'assistant');
  const open = () => s.chat.calls.filter((c) => !c.signal.aborted && c.queued >= 0).length;
  return { ...s, t, replies, open };
}

describe('Independent: all at once, each in its place', () => {
  test('three stream at once and keep seat order whatever order they finish in', async () => {
    const { orchestrator, chat, t, replies, idle } = await table('independent');
    await orchestrator.send(t, '@all what next?');
    const [a, b, c] = await Promise.all([chat.call(0), chat.call(1), chat.call(2)]);
    expect([a, b, c].map((x) => x.model)).toEqual(['claude-sonnet-4-6', 'gpt-5.5', 'gemini-3-pro']);
    // All three places were kept before any text came.
    expect(replies().map((m) => [m.speaker, m.status])).toEqual([
      ['claude', 'streaming'],
      ['gpt', 'streaming'],
      ['gemini', 'streaming'],
    ]);
    expect(orchestrator.runner.progressOf(t)).toMatchObject({
      state: 'running',
      mode: 'independent',
      concurrent: true,
      answering: ['claude', 'gpt', 'gemini'],
    });
    await chat.reply(2, 'Gemini first');
    await chat.reply(0, 'Claude second');
    await chat.reply(1, 'GPT last');
    await idle(t);
    expect(replies().map((m) => `${m.speaker}:${m.content}`)).toEqual([
      'claude:Claude second',
      'gpt:GPT last',
      'gemini:Gemini first',
    ]);
  });

  test('at most maxConcurrent stream; the others wait in their place and start as one ends', async () => {
    const { orchestrator, chat, t, replies, idle } = await table('independent', 2);
    await orchestrator.send(t, '@all what next?');
    await chat.call(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(chat.calls).toHaveLength(2);
    expect(replies().map((m) => m.status)).toEqual(['streaming', 'streaming', 'streaming']);
    expect(orchestrator.runner.progressOf(t)).toMatchObject({ answering: ['claude', 'gpt'], done: 0 });
    await chat.reply(1, 'GPT');
    const third = await chat.call(2);
    expect(third.model).toBe('gemini-3-pro');
    await chat.reply(0, 'Claude');
    await chat.reply(2, 'Gemini');
    await idle(t);
    expect(replies().map((m) => m.speaker)).toEqual(['claude', 'gpt', 'gemini']);
  });

  test('a failure fails alone; the others finish', async () => {
    const { orchestrator, chat, t, replies, idle } = await table('independent');
    await orchestrator.send(t, '@all go');
    const failing = await chat.call(1);
    failing.emit({ type: 'error', error: { kind: 'http', status: 500, message: 'upstream failed' } });
    failing.end();
    await chat.reply(0, 'one');
    await chat.reply(2, 'three');
    await idle(t);
    expect(replies().map((m) => m.status)).toEqual(['complete', 'error', 'complete']);
    expect(orchestrator.runner.progressOf(t)).toBeUndefined();
  });

  test('Stop stops every reply in flight and every kept place that had not begun', async () => {
    const { orchestrator, chat, t, replies, idle } = await table('independent', 2);
    await orchestrator.send(t, '@all go');
    await chat.partial(0, 'Half');
    await chat.call(1);
    orchestrator.stop(t);
    await idle(t);
    expect(chat.calls.every((c) => c.signal.aborted)).toBe(true);
    expect(replies().map((m) => [m.speaker, m.status, m.content, m.timing === undefined])).toEqual([
      ['claude', 'cancelled', 'Half', false],
      ['gpt', 'cancelled', '', false],
      ['gemini', 'cancelled', '', true],
    ]);

    // GPT (stopped before it said anything) and Gemini (never began) are owed, each in its place; Claude said
    // something and is the user's to retry. Continue gives them their turn, still blind.
    expect(orchestrator.runner.progressOf(t)).toMatchObject({
      state: 'stopped',
      step: 'answer',
      skipped: ['gpt', 'gemini'],
    });
    expect(await orchestrator.continueSkipped(t)).toEqual({ ok: true });
    const resumed = await Promise.all([chat.call(2), chat.call(3)]);
    for (const call of resumed) expect(labelsOf(call)).toEqual(['system', 'user[User]']);
    await chat.reply(2, 'late but blind');
    await chat.reply(3, 'also blind');
    await idle(t);
    expect(replies().map((m) => [m.speaker, m.status, m.attempt])).toEqual([
      ['claude', 'cancelled', undefined],
      ['gpt', 'complete', 2],
      ['gemini', 'complete', 2],
    ]);
  });
});

describe('Council: answers, reviews, synthesis', () => {
  test('a failed answer is missing from the reviews and the synthesis says whom it did not have', async () => {
    const { orchestrator, chat, t, idle, messages } = await table('council');
    await orchestrator.send(t, '@all is it safe?');
    const failing = await chat.call(1);
    failing.emit({ type: 'error', error: { kind: 'account', message: 'not signed in' } });
    failing.end();
    await chat.reply(0, 'Claude: yes');
    await chat.reply(2, 'Gemini: no');
    // Reviews: Claude and Gemini each read the other's answer; GPT reads both (it failed, it can still review).
    const reviews = await Promise.all([chat.call(3), chat.call(4), chat.call(5)]);
    expect(reviews.map((r) => labelsOf(r).filter((l) => l.startsWith('user[Response')).length)).toEqual([1, 2, 1]);
    for (const i of [0, 1, 2]) await chat.reply(3 + i, `Verdict: review ${i}`);
    const synthesis = await chat.call(6);
    const task = synthesis.messages.at(-1)?.content ?? '';
    const plan = orchestrator.store.transcript(t)?.plans?.at(-1);
    expect(task).toContain(`Response ${plan?.letters?.gpt} did not answer`);
    await chat.reply(6, 'Final');
    await idle(t);
    expect(
      messages(t)
        .filter((m) => m.role === 'assistant')
        .map((m) => `${m.speaker}:${m.step?.index}`),
    ).toEqual(['claude:0', 'gpt:0', 'gemini:0', 'claude:1', 'gpt:1', 'gemini:1', 'claude:2']);
  });

  test('Stop during the review; Continue finishes the reviews that never began and writes the synthesis', async () => {
    const { orchestrator, chat, t, idle } = await table('council', 1);
    await orchestrator.send(t, '@all is it safe?');
    for (const i of [0, 1, 2]) await chat.reply(i, `answer ${i}`);
    await chat.partial(3, 'Verdict: half');
    orchestrator.stop(t);
    await idle(t);
    expect(orchestrator.runner.progressOf(t)).toMatchObject({
      state: 'stopped',
      step: 'review',
      skipped: ['gpt', 'gemini'],
    });
    expect(await orchestrator.continueSkipped(t)).toEqual({ ok: true });
    await chat.reply(4, 'Verdict: gpt');
    await chat.reply(5, 'Verdict: gemini');
    const synthesis = await chat.call(6);
    // The stopped review is read as it is: every review of the step is there.
    expect(labelsOf(synthesis).filter((l) => l.startsWith('user[Review'))).toHaveLength(3);
    await chat.reply(6, 'Final');
    await idle(t);
    expect(orchestrator.runner.progressOf(t)).toBeUndefined();
  });

  test('a reload in the middle: the window that comes back offers to continue, and continuing finishes it', async () => {
    const { orchestrator, chat, t, repository, clock } = await table('council', 2);
    await orchestrator.send(t, '@all is it safe?');
    for (const i of [0, 1, 2]) await chat.reply(i, `answer ${i}`);
    await chat.call(3);
    await chat.partial(4, 'Verdict: gpt began');
    await orchestrator.shutdown();

    const next = own.add(
      new Orchestrator({
        repository,
        chat: chat.backend,
        clock,
        ids: { next: () => `after-${Math.random()}` },
        logger: { trace() {}, info() {}, warn() {}, error() {} },
        settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, gpt, gemini] },
      }),
    );
    const opened = await next.store.open(t);
    if (!opened.ok) throw new Error(opened.reason);
    own.add(opened.lease);
    // The reviews were cut short: GPT's keeps what it said (the user's to retry); Claude's said nothing yet and
    // Gemini's, waiting for a free place (two at once), never began: both are owed, then the synthesis.
    const reviews = next.store.transcript(t)?.messages.filter((m) => m.step?.index === 1) ?? [];
    expect(reviews.map((m) => [m.speaker, m.status, m.content])).toEqual([
      ['claude', 'cancelled', ''],
      ['gpt', 'cancelled', 'Verdict: gpt began'],
      ['gemini', 'cancelled', ''],
    ]);
    // What the view offers after the reload comes from the thread itself: the step and who still owes a reply.
    const transcript = next.store.transcript(t);
    if (!transcript) throw new Error('not loaded');
    expect(unfinishedPlan(transcript, next.runner, next.table)).toMatchObject({ from: 1, seats: ['claude', 'gemini'] });
    const calls = chat.calls.length;
    expect(await next.continueSkipped(t)).toEqual({ ok: true });
    await vi.waitFor(() => expect(chat.calls.length).toBe(calls + 2));
    expect(chat.calls.slice(-2).map((c) => c.model)).toEqual(['claude-sonnet-4-6', 'gemini-3-pro']);
    await chat.reply(calls, 'Verdict: claude');
    await chat.reply(calls + 1, 'Verdict: gemini');
    await chat.reply(calls + 2, 'Final');
    await vi.waitFor(() => expect(next.runner.isBusy(t)).toBe(false));
    expect(
      next.store
        .transcript(t)
        ?.messages.filter((m) => m.step?.index === 2)
        .map((m) => m.status),
    ).toEqual(['complete']);
  });
});
