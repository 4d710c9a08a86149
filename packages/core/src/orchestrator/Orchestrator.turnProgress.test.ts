import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { runningInTurn as running } from '../../test/support/turnShapes';
import { SAVE_TIMING } from '../store/saveScheduler';
import { MemoryThreadRepository } from '../testing';
import type { TurnProgress } from './TurnProgress';

// Who answers now, who is queued, and who a stopped turn skipped: what the views show of a turn, and continuing
// with the skipped participants afterwards.

const own = ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const stopped = (skipped: string[]) => ({ state: 'stopped', planId: expect.any(String), step: 'answer', skipped });

function table() {
  const s = setup({ participants: [claude, gpt, gemini] });
  const seen: (TurnProgress | undefined)[] = [];
  own.add(s.orchestrator.runner.onDidChangeProgress((change) => seen.push(change.progress)));
  return { ...s, seen, progress: (t: string) => s.orchestrator.runner.progressOf(t) };
}

describe('the progress of a turn', () => {
  test('names who answers, in order, and moves on with each reply; nothing is left once all have answered', async () => {
    const { orchestrator, chat, openThread, idle, seen, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@all plan the release');
    expect(progress(t)).toEqual(running(['claude', 'gpt', 'gemini'], 'claude'));
    await chat.reply(0, 'one');
    await chat.call(1);
    expect(progress(t)).toEqual(running(['claude', 'gpt', 'gemini'], 'gpt'));
    await chat.reply(1, 'two');
    await chat.reply(2, 'three');
    await idle(t);
    expect(progress(t)).toBeUndefined();
    expect(seen.map((p) => (p?.state === 'running' ? p.answering.join() : p?.state))).toEqual([
      'claude',
      'gpt',
      'gemini',
      undefined,
    ]);
  });

  test('a failed reply moves on to the next responder, as the turn does', async () => {
    const { orchestrator, chat, openThread, idle, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@claude @gpt hi');
    const first = await chat.call(0);
    first.emit({ type: 'error', error: { kind: 'account', message: 'not logged in' } });
    first.end();
    await chat.call(1);
    expect(progress(t)).toMatchObject({ state: 'running', answering: ['gpt'] });
    await chat.reply(1, 'here');
    await idle(t);
    expect(progress(t)).toBeUndefined();
  });

  test('Stop leaves who never got to answer, in their order; the next turn replaces it', async () => {
    const { orchestrator, chat, openThread, idle, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@all plan the release');
    await chat.partial(0, 'First,');
    orchestrator.stop(t);
    await idle(t);
    expect(progress(t)).toEqual(stopped(['gpt', 'gemini']));

    await orchestrator.send(t, '@claude just you');
    expect(progress(t)).toEqual(running(['claude'], 'claude'));
    await chat.reply(1, 'ok');
    await idle(t);
    expect(progress(t)).toBeUndefined();
  });

  test('stopping the last responder once it has said something skips nobody', async () => {
    const { orchestrator, chat, openThread, idle, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@claude @gpt hi');
    await chat.reply(0, 'one');
    await chat.partial(1, 'Half');
    orchestrator.stop(t);
    await idle(t);
    expect(progress(t)).toBeUndefined();
  });

  test('a reply stopped before it said anything is still owed: Continue runs it again in its place', async () => {
    const { orchestrator, chat, openThread, idle, progress, messages } = table();
    const t = await openThread();
    await orchestrator.send(t, '@claude @gpt hi');
    await chat.reply(0, 'one');
    await chat.call(1);
    orchestrator.stop(t);
    await idle(t);
    expect(progress(t)).toEqual(stopped(['gpt']));
    const stoppedReply = messages(t).at(-1);
    expect(await orchestrator.continueSkipped(t)).toEqual({ ok: true });
    await chat.reply(2, 'two');
    await idle(t);
    expect(messages(t).at(-1)).toMatchObject({ id: stoppedReply?.id, content: 'two', status: 'complete', attempt: 2 });
  });

  test('a thread deleted here offers nobody a turn', async () => {
    const { orchestrator, chat, openThread, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@all hi');
    await chat.call(0);
    await orchestrator.deleteThread(t);
    expect(progress(t)).toBeUndefined();
  });

  test('a thread deleted in another window while its turn runs offers nobody a turn', async () => {
    const { orchestrator, chat, clock, repository, openThread, idle, seen, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@all hi');
    const call = await chat.call(0);
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() => expect(repository.stored(t)).toBeDefined());
    await own.add(new MemoryThreadRepository([], repository.storage)).delete(t);
    await idle(t);
    expect(call.signal.aborted).toBe(true);
    expect(progress(t)).toBeUndefined();
    expect(seen.some((p) => p?.state === 'stopped')).toBe(false);
  });
});

describe('continuing with the skipped participants', () => {
  test('they answer in their order after what was said, each seeing the stopped reply', async () => {
    const { orchestrator, chat, openThread, idle, messages, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@all plan the release');
    await chat.partial(0, 'First, freeze');
    orchestrator.stop(t);
    await idle(t);

    expect(await orchestrator.continueSkipped(t)).toEqual({ ok: true });
    expect(progress(t)).toEqual(running(['gpt', 'gemini'], 'gpt'));
    const second = await chat.call(1);
    expect(second.model).toBe('gpt-5.5');
    expect(second.messages.map((m) => m.content).join('\n')).toContain('First, freeze');
    await chat.reply(1, 'GPT agrees');
    await chat.reply(2, 'Gemini adds');
    await idle(t);
    expect(messages(t).map((m) => `${m.speaker}:${m.status}`)).toEqual([
      'user:complete',
      'claude:cancelled',
      'gpt:complete',
      'gemini:complete',
    ]);
    expect(progress(t)).toBeUndefined();
  });

  test('leaves out a skipped participant disabled since, and refuses when none is left', async () => {
    const { orchestrator, chat, openThread, idle, progress } = table();
    const t = await openThread();
    await orchestrator.send(t, '@all hi');
    await chat.partial(0, 'Hm');
    orchestrator.stop(t);
    await idle(t);
    orchestrator.table.update({
      ...orchestrator.table.settings,
      participants: [claude, { ...gpt, enabled: false }, gemini],
    });
    expect(await orchestrator.continueSkipped(t)).toEqual({ ok: true });
    expect(progress(t)).toEqual(running(['gemini'], 'gemini'));
    expect((await chat.call(1)).model).toBe('gemini-3-pro');
    orchestrator.stop(t);
    await idle(t);

    await orchestrator.send(t, '@all again');
    await chat.partial(2, 'Well');
    orchestrator.stop(t);
    await idle(t);
    expect(progress(t)).toEqual(stopped(['gemini']));
    orchestrator.table.update({
      ...orchestrator.table.settings,
      participants: [claude, gpt, { ...gemini, enabled: false }],
    });
    expect(await orchestrator.continueSkipped(t)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('disabled or muted'),
    });
    expect(progress(t)).toBeUndefined();
  });

  test('refuses when nobody was skipped or a reply is streaming; dismissing drops the offer', async () => {
    const { orchestrator, chat, openThread, idle, progress } = table();
    const t = await openThread();
    expect(await orchestrator.continueSkipped(t)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('waiting'),
    });
    await orchestrator.send(t, '@all hi');
    await chat.call(0);
    expect(await orchestrator.continueSkipped(t)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('streaming'),
    });
    orchestrator.stop(t);
    await idle(t);
    expect(orchestrator.dismissSkipped(t)).toEqual({ ok: true });
    expect(progress(t)).toBeUndefined();
    expect(await orchestrator.continueSkipped(t)).toMatchObject({ ok: false });
    expect(chat.calls).toHaveLength(1);
  });
});
