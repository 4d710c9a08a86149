import { afterEach, describe, expect, test } from 'vitest';
import { answerEverything, labelsOf, threeSeats } from '../../test/support/councilRun';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';

// Every way to take a turn is a plan, stored with the thread: who answers in which order, groups and their modes,
// the mode chosen per thread, and what retries, alternatives and reviews read.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

describe('plans of a message', () => {
  test('the thread remembers its mode; Discuss is the default; the plan records the mode', async () => {
    const { orchestrator, openThread, idle, chat } = setup({ participants: [claude, gpt] });
    answerEverything(chat);
    const t = await openThread();
    expect(orchestrator.store.choices(t)?.mode).toBe('discuss');
    await orchestrator.send(t, '@all one');
    await idle(t);
    expect(orchestrator.setMode(t, 'independent')).toEqual({ ok: true });
    await orchestrator.send(t, '@all two');
    await idle(t);
    const plans = orchestrator.store.transcript(t)?.plans ?? [];
    expect(plans.map((p) => [p.mode, p.steps[0]?.reads, p.steps[0]?.concurrency])).toEqual([
      ['discuss', 'all', 1],
      ['independent', 'blind', 2],
    ]);
    expect(orchestrator.setMode('gone', 'council')).toMatchObject({ ok: false });
  });

  test.each([
    ['seat', ['claude', 'gpt', 'gemini'], ['claude', 'gpt', 'gemini']],
    // The thread began with "@claude hello": rotating starts after Claude, then after GPT.
    ['rotating', ['gpt', 'gemini', 'claude'], ['gemini', 'claude', 'gpt']],
  ] as const)('Discuss in %s order: first %j, then %j', async (order, first, second) => {
    const { orchestrator, t, plan, idle } = await threeSeats('discuss', { speakingOrder: order });
    await orchestrator.send(t, '@all one');
    await idle(t);
    expect(plan().steps[0]?.seats).toEqual(first);
    expect(plan().order).toBe(order);
    await orchestrator.send(t, '@all two');
    await idle(t);
    expect(plan().steps[0]?.seats).toEqual(second);
  });

  test('random order is a shuffle recorded with the turn; mentions keep the order they were written in', async () => {
    const { orchestrator, t, plan, idle, messages } = await threeSeats('discuss', { speakingOrder: 'random' });
    await orchestrator.send(t, '@all one');
    await idle(t);
    const seats = plan().steps[0]?.seats ?? [];
    expect([...seats].sort()).toEqual(['claude', 'gemini', 'gpt']);
    expect(plan().order).toBe('random');
    expect(
      messages(t)
        .slice(-3)
        .map((m) => m.speaker),
    ).toEqual(seats);
    await orchestrator.send(t, '@gemini @claude two');
    await idle(t);
    expect(plan()).toMatchObject({ order: 'seat', steps: [{ seats: ['gemini', 'claude'] }] });
  });

  test('a group answers in table order, in its own mode; the To chip can hold a group', async () => {
    const { orchestrator, t, plan, idle } = await threeSeats('discuss', {
      groups: [{ id: 'pair', displayName: '@pair', members: ['gemini', 'claude'], mode: 'independent' }],
    });
    await orchestrator.send(t, '@pair what do you think?');
    await idle(t);
    expect(plan()).toMatchObject({ mode: 'independent', steps: [{ seats: ['claude', 'gemini'], reads: 'blind' }] });
    // The message named one group: the thread now speaks to it.
    expect(orchestrator.speakingTo(t)).toBe('pair');
    await orchestrator.send(t, 'and now?');
    await idle(t);
    expect(plan()).toMatchObject({ mode: 'independent', steps: [{ seats: ['claude', 'gemini'] }] });
    expect(orchestrator.setSpeakingTo(t, 'nobody')).toMatchObject({ ok: false });
  });

  test('Council chair: the setting’s seat when it can answer, else the first seat of the turn', async () => {
    const { orchestrator, t, plan, idle } = await threeSeats('council', { chair: 'gemini' });
    await orchestrator.send(t, '@gpt @claude compare');
    await idle(t);
    expect(plan().steps[2]?.seats).toEqual(['gemini']);
    orchestrator.table.update({ ...orchestrator.table.settings, chair: 'gemini', participants: [claude, gpt] });
    await orchestrator.send(t, '@all again');
    await idle(t);
    expect(plan().steps[2]?.seats).toEqual(['claude']);
  });
});

describe('retries, alternatives and reviews read what their step allows', () => {
  test('a retried Independent answer is still blind; an alternative takes its original’s step', async () => {
    const { orchestrator, t, idle, chat, messages, plan } = await threeSeats('independent');
    chat.onCall = (i) => {
      void chat.call(i).then((call) => {
        if (call.model === 'gpt-5.5' && i < 5) {
          call.emit({ type: 'error', error: { kind: 'http', status: 500, message: 'boom' } });
          call.end();
        } else void chat.reply(i, `${call.model} #${i}`);
      });
    };
    await orchestrator.send(t, '@all go');
    await idle(t);
    const failed = messages(t).find((m) => m.status === 'error');
    expect(await orchestrator.retry(t, failed?.id ?? '')).toEqual({ ok: true });
    await idle(t);
    // GPT's retry reads the earlier exchange and the question: none of the other answers to it.
    expect(labelsOf(chat.calls.at(-1) ?? { messages: [] })).toEqual([
      'system',
      'user[User]',
      'user[Claude]:',
      'user[User]',
    ]);
    const claudeAnswer = messages(t).find((m) => m.speaker === 'claude' && m.step?.plan === plan().id);
    expect(await orchestrator.regenerateAs(t, claudeAnswer?.id ?? '', 'gemini')).toEqual({ ok: true });
    await idle(t);
    const alternative = messages(t).find((m) => m.alternativeOf === claudeAnswer?.id);
    expect(alternative?.step).toEqual(claudeAnswer?.step);
    expect(labelsOf(chat.calls.at(-1) ?? { messages: [] })).toEqual([
      'system',
      'user[User]',
      'user[Claude]:',
      'user[User]',
    ]);
  });

  test('a review is refused for a review, a deleted or empty reply, and when nobody else can answer', async () => {
    const { orchestrator, t, idle, messages } = await threeSeats('discuss');
    const first = messages(t).at(-1)?.id ?? '';
    expect(await orchestrator.review(t, first)).toEqual({ ok: true });
    await idle(t);
    const review = messages(t).find((m) => m.reviewOf === first);
    expect(await orchestrator.review(t, review?.id ?? '')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('A review cannot be reviewed'),
    });
    expect(await orchestrator.review(t, messages(t)[0]?.id ?? '')).toMatchObject({ ok: false });
    expect(await orchestrator.review(t, first, 'nogroup')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('@nogroup'),
    });
    orchestrator.table.update({ ...orchestrator.table.settings, participants: [claude, { ...gpt, muted: true }] });
    expect(await orchestrator.review(t, first)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Nobody else'),
    });
    expect(orchestrator.deleteMessage(t, first)).toEqual({ ok: true });
    expect(await orchestrator.review(t, first)).toMatchObject({ ok: false });
  });
});

describe('a review of a reply that proposes a change', () => {
  test('looks at the change first, naming its files; a reply with none is reviewed as before', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt] });
    const change = '```ts src/retry.ts\nexport const tries = 5;\n```\n```diff\n--- a/b.ts\n+++ b/b.ts\n```';
    answerEverything(chat, (call) => (call.model === 'gpt-5.5' ? 'Verdict: fine' : `Raise it:\n\n${change}`));
    const t = await openThread();
    await orchestrator.send(t, '@claude raise the retries');
    await idle(t);
    const task = () => chat.calls.at(-1)?.messages.at(-1)?.content ?? '';
    expect(await orchestrator.review(t, messages(t).at(-1)?.id ?? '')).toEqual({ ok: true });
    await idle(t);
    expect(task()).toContain(
      'Response A proposes a change to src/retry.ts and b.ts: review that change first, as code:',
    );
    answerEverything(chat, () => 'No change needed.');
    await orchestrator.send(t, '@claude and now?');
    await idle(t);
    expect(await orchestrator.review(t, messages(t).at(-1)?.id ?? '')).toEqual({ ok: true });
    await idle(t);
    expect(task()).toMatch(/^\[Roundtable\] Review Response A to the user's question\.\nBefore you write/);
  });
});

describe('what each answer cost', () => {
  test('time to first text and in all, and tokens as reported, or estimated and said so', async () => {
    const { orchestrator, chat, clock, openThread, idle, messages } = setup({ participants: [claude, gpt, gemini] });
    const t = await openThread();
    await orchestrator.send(t, '@claude @gpt hi');
    const first = await chat.call(0);
    clock.advance(800);
    first.emit({ type: 'delta', text: 'Hello' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    clock.advance(1200);
    first.emit({ type: 'usage', usage: { inputTokens: 50, outputTokens: 7 } });
    first.emit({ type: 'finish', reason: 'stop' });
    first.end();
    await chat.reply(1, 'x'.repeat(40));
    await idle(t);
    const [claudeReply, gptReply] = messages(t).slice(1);
    expect(claudeReply).toMatchObject({
      timing: { firstTokenMs: 800, totalMs: 2000 },
      usage: { inputTokens: 50, outputTokens: 7 },
    });
    const sent = chat.calls[1]?.messages.reduce((n, m) => n + m.content.length, 0) ?? 0;
    expect(gptReply?.usage).toEqual({ inputTokens: Math.ceil(sent / 4), outputTokens: 10, estimated: true });
  });
});
