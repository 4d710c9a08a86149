import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import type { SeatMap } from '../protocol/proxyStatus';
import { describeUnrouted } from '../router/describeUnrouted';

// A partial table: the turns go to the seats that can answer now; a seat that needs a login or cannot be reached is
// left out (the view names it once, with its fix), and a request is refused whole only when none it asks can answer.

ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

/** Seats the test can change, as the host's seat map changes (a login, a model list, a CLI found). */
function seatsOf(initial: SeatMap) {
  let current = initial;
  return {
    read: () => current,
    set: (next: SeatMap) => {
      current = next;
    },
  };
}

const CLAUDE_LOGIN: SeatMap = { claude: { kind: 'needs-login', provider: 'Claude' } };
const GEMINI_MISSING: SeatMap = {
  gemini: { kind: 'unavailable', reason: 'Gemini CLI is not installed', fix: 'install' },
};

async function table(seats: SeatMap, mode?: 'discuss' | 'independent' | 'council') {
  const state = seatsOf(seats);
  const s = setup({ participants: [claude, gpt, gemini], seats: state.read });
  const t = await s.openThread();
  if (mode) s.orchestrator.setMode(t, mode);
  const models = () => s.chat.calls.map((c) => c.model);
  const replies = () => s.messages(t).filter((m) => m.role === 'assistant');
  return { ...s, t, seats: state, models, replies };
}

describe('a message goes to the addressed seats that can answer', () => {
  test('@all leaves out a seat that needs a login and one whose CLI is missing: no request, no error bubble', async () => {
    const { orchestrator, chat, t, idle, models, replies, messages } = await table({
      ...CLAUDE_LOGIN,
      ...GEMINI_MISSING,
    });
    expect(await orchestrator.send(t, '@all hello')).toEqual({ ok: true });
    await chat.reply(0, 'gpt here');
    await idle(t);
    expect(models()).toEqual(['gpt-5.5']);
    expect(replies().map((m) => `${m.speaker}:${m.status}`)).toEqual(['gpt:complete']);
    expect(messages(t)[0]?.targets).toEqual(['gpt']);
  });

  test('a message whose every seat is absent is refused whole, naming each, offering the first fix', async () => {
    const { orchestrator, chat, t, messages } = await table({ ...CLAUDE_LOGIN, ...GEMINI_MISSING });
    expect(await orchestrator.send(t, '@claude @gemini hello')).toEqual({
      ok: false,
      reason: 'Not sent: Claude needs a Claude login; Gemini: Gemini CLI is not installed.',
      action: { kind: 'signIn', participantId: 'claude' },
    });
    expect(await orchestrator.send(t, '@gemini hello')).toMatchObject({ ok: false, action: { kind: 'install' } });
    expect(messages(t)).toEqual([]);
    expect(chat.calls).toEqual([]);
  });

  test('a seat named by the message that could not answer is kept on it, so the thread says why; @all keeps none', async () => {
    const { orchestrator, chat, t, idle, messages } = await table(CLAUDE_LOGIN);
    await orchestrator.send(t, '@claude @gpt hello');
    await chat.reply(0, 'gpt');
    await idle(t);
    expect(messages(t)[0]?.unrouted).toEqual({ absent: ['claude'] });
    expect(describeUnrouted(messages(t)[0]?.unrouted ?? {})).toBe(
      '@claude could not answer then (a login needed, or not reachable).',
    );
    await orchestrator.send(t, '@all hello');
    await chat.reply(1, 'gpt');
    await chat.reply(2, 'gemini');
    await idle(t);
    expect(messages(t).at(-3)?.unrouted).toBeUndefined();
  });

  test('the seat on To that cannot answer is not replaced by another: the message is refused', async () => {
    const { orchestrator, t, messages } = await table(CLAUDE_LOGIN);
    orchestrator.setSpeakingTo(t, 'claude');
    expect(await orchestrator.send(t, 'hello')).toMatchObject({ ok: false, action: { participantId: 'claude' } });
    expect(messages(t)).toEqual([]);
  });

  test('a group goes to its members that can answer', async () => {
    const { orchestrator, chat, t, idle, models } = await table(CLAUDE_LOGIN);
    orchestrator.table.update({
      ...orchestrator.table.settings,
      groups: [{ id: 'pair', displayName: 'Pair', members: ['claude', 'gpt'] }],
    });
    expect(await orchestrator.send(t, '@pair hello')).toEqual({ ok: true });
    await chat.reply(0, 'gpt');
    await idle(t);
    expect(models()).toEqual(['gpt-5.5']);
  });

  test('the responder cap counts only seats that can answer', async () => {
    const { orchestrator, chat, t, idle, models } = await table(CLAUDE_LOGIN);
    orchestrator.table.update({ ...orchestrator.table.settings, maxRespondersPerTurn: 2 });
    await orchestrator.send(t, '@all hello');
    await chat.reply(0, 'a');
    await chat.reply(1, 'b');
    await idle(t);
    expect(models()).toEqual(['gpt-5.5', 'gemini-3-pro']);
  });

  test('a paused seat is still asked (its pause may end at any moment); a fixed seat answers again', async () => {
    const { orchestrator, chat, t, idle, models, seats } = await table({
      claude: { kind: 'cooling', reason: 'quota', canReset: true },
    });
    await orchestrator.send(t, '@claude hello');
    await chat.reply(0, 'hi');
    await idle(t);
    seats.set(CLAUDE_LOGIN);
    expect((await orchestrator.send(t, '@claude again')).ok).toBe(false);
    seats.set({});
    expect(await orchestrator.send(t, '@claude again')).toEqual({ ok: true });
    await chat.reply(1, 'hi');
    await idle(t);
    expect(models()).toEqual(['claude-sonnet-4-6', 'claude-sonnet-4-6']);
  });
});

describe('the council with the seats that can answer', () => {
  test('a Council of two still reviews and synthesises; the absent seat is asked nothing', async () => {
    const { orchestrator, chat, t, idle, replies, models } = await table(GEMINI_MISSING, 'council');
    expect(await orchestrator.send(t, '@all is it safe?')).toEqual({ ok: true });
    await chat.reply(0, 'Claude: yes');
    await chat.reply(1, 'GPT: no');
    await chat.reply(2, 'Verdict: claude reviews');
    await chat.reply(3, 'Verdict: gpt reviews');
    await chat.reply(4, 'Final');
    await idle(t);
    expect(models()).not.toContain('gemini-3-pro');
    expect(replies().map((m) => `${m.speaker}:${m.step?.index}`)).toEqual([
      'claude:0',
      'gpt:0',
      'claude:1',
      'gpt:1',
      'claude:2',
    ]);
    const plan = orchestrator.store.transcript(t)?.plans?.at(-1);
    expect(plan?.steps.map((s) => s.seats)).toEqual([['claude', 'gpt'], ['claude', 'gpt'], ['claude']]);
  });

  test('a Council left with one seat is refused with why', async () => {
    const { orchestrator, chat, t, messages } = await table({ ...CLAUDE_LOGIN, ...GEMINI_MISSING }, 'council');
    const result = await orchestrator.send(t, '@all is it safe?');
    expect(result).toMatchObject({
      ok: false,
      reason:
        'Not sent: a Council needs two seats that can answer, and only GPT can now: Claude needs a Claude login; Gemini: Gemini CLI is not installed.',
    });
    expect(messages(t)).toEqual([]);
    expect(chat.calls).toEqual([]);
  });

  test('a chair that cannot answer does not chair: the turn’s first seat does', async () => {
    const { orchestrator, t } = await table(GEMINI_MISSING, 'council');
    orchestrator.table.update({ ...orchestrator.table.settings, chair: 'gemini' });
    await orchestrator.send(t, '@all is it safe?');
    const plan = orchestrator.store.transcript(t)?.plans?.at(-1);
    expect(plan?.steps[2]?.seats).toEqual(['claude']);
    orchestrator.stop(t);
  });

  test('Independent runs with the seats that can answer', async () => {
    const { orchestrator, chat, t, idle, models } = await table(CLAUDE_LOGIN, 'independent');
    await orchestrator.send(t, '@all what next?');
    await chat.reply(0, 'a');
    await chat.reply(1, 'b');
    await idle(t);
    expect(models()).toEqual(['gpt-5.5', 'gemini-3-pro']);
  });

  test('a seat found absent during a turn is left out of its later steps', async () => {
    const { orchestrator, chat, t, idle, replies, seats } = await table({}, 'council');
    await orchestrator.send(t, '@all is it safe?');
    const failing = await chat.call(2);
    seats.set(GEMINI_MISSING); // its reply failed, and the host found the CLI gone
    failing.emit({ type: 'error', error: { kind: 'network', message: 'spawn ENOENT' } });
    failing.end();
    await chat.reply(0, 'yes');
    await chat.reply(1, 'no');
    await chat.reply(3, 'Verdict: a');
    await chat.reply(4, 'Verdict: b');
    await chat.reply(5, 'Final');
    await idle(t);
    expect(replies().map((m) => `${m.speaker}:${m.step?.index}:${m.status}`)).toEqual([
      'claude:0:complete',
      'gpt:0:complete',
      'gemini:0:error',
      'claude:1:complete',
      'gpt:1:complete',
      'claude:2:complete',
    ]);
    expect(orchestrator.runner.progressOf(t)).toBeUndefined();
  });
});

describe('every other way of taking a turn', () => {
  async function answered(seats: SeatMap) {
    const s = await table({});
    await s.orchestrator.send(s.t, '@claude hello');
    await s.chat.partial(0, 'half');
    s.orchestrator.stop(s.t);
    await s.idle(s.t);
    await s.orchestrator.send(s.t, '@all and now?');
    for (const i of [1, 2, 3]) await s.chat.reply(i, `reply ${i}`);
    await s.idle(s.t);
    s.seats.set(seats);
    const [, stopped] = s.messages(s.t);
    return { ...s, stopped: stopped?.id ?? '', last: s.replies().at(-1)?.id ?? '' };
  }

  test('retry and Regenerate as… of an absent seat are refused with why and its fix', async () => {
    const { orchestrator, t, stopped, last, chat } = await answered(CLAUDE_LOGIN);
    const held = { ok: false, action: { kind: 'signIn', participantId: 'claude' } };
    expect(await orchestrator.retry(t, stopped)).toMatchObject(held);
    expect(await orchestrator.regenerateAs(t, last, 'claude')).toMatchObject(held);
    expect(chat.calls).toHaveLength(4);
  });

  test('another round and a review go with the seats that can answer', async () => {
    const { orchestrator, t, chat, idle, last } = await answered(CLAUDE_LOGIN);
    expect(await orchestrator.anotherRound(t)).toEqual({ ok: true });
    await chat.reply(4, 'gpt again');
    await chat.reply(5, 'gemini again');
    await idle(t);
    expect(chat.calls.slice(4).map((c) => c.model)).toEqual(['gpt-5.5', 'gemini-3-pro']);
    expect(await orchestrator.review(t, last)).toEqual({ ok: true });
    await chat.reply(6, 'Verdict: fine');
    await idle(t);
    expect(chat.calls.slice(6).map((c) => c.model)).toEqual(['gpt-5.5']);
  });

  test('another round and a review none of whose seats can answer are refused with why', async () => {
    const { orchestrator, t, chat, last } = await answered({
      ...CLAUDE_LOGIN,
      gpt: { kind: 'unavailable', reason: 'CLIProxyAPI does not serve gpt-5.5', fix: 'settings' },
      ...GEMINI_MISSING,
    });
    expect(await orchestrator.anotherRound(t)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^No other round: /),
    });
    expect(await orchestrator.review(t, last)).toMatchObject({
      ok: false,
      reason: 'No review: Claude needs a Claude login; GPT: CLIProxyAPI does not serve gpt-5.5.',
    });
    expect(chat.calls).toHaveLength(4);
  });

  test('Continue goes on with the seats that can answer; with only absent ones left it says why and keeps the offer', async () => {
    const { orchestrator, chat, t, idle, seats } = await table({}, 'independent');
    orchestrator.table.update({ ...orchestrator.table.settings, maxConcurrent: 1 });
    await orchestrator.send(t, '@all what next?');
    await chat.partial(0, 'half');
    orchestrator.stop(t);
    await idle(t);
    expect(orchestrator.runner.progressOf(t)).toMatchObject({ state: 'stopped', skipped: ['gpt', 'gemini'] });
    seats.set({ ...GEMINI_MISSING, gpt: { kind: 'needs-login', provider: 'ChatGPT' } });
    expect(await orchestrator.continueSkipped(t)).toMatchObject({
      ok: false,
      reason: 'Not sent: GPT needs a ChatGPT login; Gemini: Gemini CLI is not installed.',
    });
    expect(orchestrator.runner.progressOf(t)).toMatchObject({ state: 'stopped' });
    seats.set(GEMINI_MISSING);
    expect(await orchestrator.continueSkipped(t)).toEqual({ ok: true });
    await chat.reply(1, 'gpt');
    await idle(t);
    expect(chat.calls.map((c) => c.model)).toEqual(['claude-sonnet-4-6', 'gpt-5.5']);
  });
});
