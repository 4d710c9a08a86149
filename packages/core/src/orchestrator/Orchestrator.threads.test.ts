import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup, thread } from '../../test/support/orchestratorSetup';
import { SAVE_TIMING } from '../store/saveScheduler';
import { LEASE_HEARTBEAT_MS } from '../transcript/turnLease';

ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

describe('persistence', () => {
  test('a user message and a finished reply are written within urgentMs; a streaming reply only as placed, until its lease is renewed', async () => {
    const { orchestrator, chat, repository, clock, openThread, idle } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    clock.advance(SAVE_TIMING.urgentMs);
    // The reply is written as it was placed, under the turn's lease: a crash from now on leaves it marked cut off.
    await vi.waitFor(() =>
      expect(repository.stored(t)?.messages.map((m) => [m.role, m.status, m.content])).toEqual([
        ['user', 'complete', 'hello'],
        ['assistant', 'streaming', ''],
      ]),
    );

    // A long stream does not hold anything back, nor make a save larger: the finished reply is written as soon as it
    // ends, and until the turn's lease is renewed the reply is written only as it was placed (empty).
    for (let i = 0; i < 80; i++) {
      call.emit({ type: 'delta', text: 'x' });
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(50);
    }
    expect(LEASE_HEARTBEAT_MS).toBeGreaterThan(80 * 50);
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(t);
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() =>
      expect(repository.stored(t)?.messages.map((m) => m.status)).toEqual(['complete', 'complete']),
    );
    const streamed = repository.saves.flatMap((s) => s.messages.filter((m) => m.status === 'streaming'));
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.every((m) => m.content === '')).toBe(true);
    // The turn's lease was written with it, and ended with the turn.
    expect(repository.stored(t)?.leases?.map((l) => l.ended !== undefined)).toEqual([true]);
  });

  test('each renewal of the lease writes the text streamed so far; a completed message is written without waiting for one', async () => {
    const { orchestrator, chat, repository, clock, openThread, idle } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'first half' });
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(LEASE_HEARTBEAT_MS + SAVE_TIMING.debounceMs);
    await vi.waitFor(() => expect(repository.stored(t)?.messages[1]?.content).toBe('first half'));
    const reply = repository.stored(t)?.messages[1];
    expect(reply?.status).toBe('streaming');
    const lease = repository.stored(t)?.leases?.[0];
    expect(lease?.ended).toBeUndefined();
    expect(Date.parse(lease?.heartbeat ?? '')).toBe(clock.now().getTime() - SAVE_TIMING.debounceMs);
    call.emit({ type: 'delta', text: ', second half' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(t);
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() =>
      expect(repository.stored(t)?.messages[1]).toMatchObject({
        status: 'complete',
        content: 'first half, second half',
      }),
    );
  });

  test('shutdown stops the reply in flight and writes it as cancelled with its partial text', async () => {
    const { orchestrator, chat, repository, openThread } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'hello');
    await chat.partial(0, 'half a tho');
    await orchestrator.shutdown();
    expect(repository.stored(t)?.messages[1]).toMatchObject({ status: 'cancelled', content: 'half a tho' });
  });

  test('a failed save is reported with its reason, kept in memory, and cleared once a retry succeeds', async () => {
    const { orchestrator, chat, repository, changes, openThread, idle } = setup();
    const t = await openThread();
    repository.failNextSave = new Error('EACCES: permission denied');
    await orchestrator.send(t, 'hello');
    await chat.reply(0, 'hi');
    await idle(t);
    await orchestrator.store.flush();
    const problems = () => changes.filter((c) => c.kind === 'saveProblemChanged');
    expect(problems()[0]).toMatchObject({ threadId: t, problem: { reason: 'EACCES: permission denied' } });
    expect(orchestrator.store.catalog.saveProblems()).toHaveLength(1);
    await orchestrator.store.retrySave(t);
    expect(repository.stored(t)?.messages).toHaveLength(2);
    expect(orchestrator.store.catalog.saveProblems()).toEqual([]);
    expect(problems().at(-1)).toMatchObject({ threadId: t, problem: undefined });
  });

  test('the newest stored thread is known from the list without loading any thread', async () => {
    const older = thread('t-old', '2026-01-01T00:00:00.000Z', 'old');
    const newer = thread('t-new', '2026-02-01T00:00:00.000Z', 'new');
    const { orchestrator, repository } = setup({ stored: [older, newer] });
    await orchestrator.store.initialize();
    expect(orchestrator.store.catalog.newest()?.id).toBe('t-new');
    expect(orchestrator.store.catalog.list().map((s) => [s.id, s.title, s.messageCount])).toEqual([
      ['t-new', 'new', 1],
      ['t-old', 'old', 1],
    ]);
    expect(repository.loads).toEqual([]);
  });
});

describe('thread and message intents', () => {
  test('deleting a message leaves a tombstone, out of the next prompt, and the title moves on', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'secret plan');
    await chat.reply(0, 'noted');
    await idle(t);
    await orchestrator.send(t, 'second topic');
    await chat.reply(1, 'ok');
    await idle(t);
    const first = messages(t)[0];
    expect(orchestrator.deleteMessage(t, first?.id ?? '')).toEqual({ ok: true });
    expect(messages(t)[0]).toMatchObject({ seq: 0, status: 'deleted', content: '' });
    expect(orchestrator.store.summary(t)?.title).toBe('second topic');
    await orchestrator.send(t, 'next');
    const call = await chat.call(2);
    expect(call.messages.map((m) => m.content).join('\n')).not.toContain('secret plan');
  });

  test('retry re-runs the newest failed reply in place, as its next attempt', async () => {
    const { orchestrator, chat, repository, openThread, messages, idle } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'hello');
    const first = await chat.call(0);
    first.emit({ type: 'error', error: { kind: 'network', message: 'down' } });
    first.end();
    await idle(t);
    await orchestrator.store.flush();
    const failed = messages(t)[1];
    expect(await orchestrator.retry(t, failed?.id ?? '')).toEqual({ ok: true });
    await chat.call(1);
    // While the retry streams, the stored copy keeps the failed reply: a crash now loses nothing.
    await orchestrator.store.flush();
    expect(repository.stored(t)?.messages[1]).toMatchObject({ status: 'error', error: 'down' });
    await chat.reply(1, 'back');
    await idle(t);
    expect(messages(t)).toHaveLength(2);
    expect(messages(t)[1]).toMatchObject({ id: failed?.id, seq: 1, status: 'complete', content: 'back', attempt: 2 });
    expect(messages(t)[1]?.error).toBeUndefined();
  });

  test('retry of an older reply runs it again in its place, from the messages before it; later ones stay', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'first question');
    await chat.partial(0, 'half an ans');
    orchestrator.stop(t);
    await idle(t);
    await orchestrator.send(t, 'second question');
    await chat.reply(1, 'second answer');
    await idle(t);
    const stopped = messages(t)[1];

    expect(await orchestrator.retry(t, stopped?.id ?? '')).toEqual({ ok: true });
    const again = await chat.call(2);
    // It is asked what it was asked the first time: nothing said after it, not even its own stopped text.
    expect(again.messages.slice(1)).toEqual([{ role: 'user', content: '[User] first question' }]);
    await chat.reply(2, 'a whole answer');
    await idle(t);
    expect(messages(t).map((m) => [m.id, m.content, m.status])).toEqual([
      [messages(t)[0]?.id, 'first question', 'complete'],
      [stopped?.id, 'a whole answer', 'complete'],
      [messages(t)[2]?.id, 'second question', 'complete'],
      [messages(t)[3]?.id, 'second answer', 'complete'],
    ]);
    expect(messages(t)[1]).toMatchObject({ seq: 1, attempt: 2 });
  });

  test('a reply keeps streaming after its view lets go of the thread, and is written when it ends', async () => {
    const { orchestrator, chat, repository, openThread, idle } = setup();
    const lease = await orchestrator.newThread();
    const t = lease.threadId;
    await orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    lease.dispose(); // the view switched to another thread
    await openThread();
    call.emit({ type: 'delta', text: 'still coming' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(t);
    await orchestrator.store.flush();
    expect(call.signal.aborted).toBe(false);
    expect(repository.stored(t)?.messages[1]).toMatchObject({ status: 'complete', content: 'still coming' });
    // Nobody holds it any more: it leaves memory once written.
    await vi.waitFor(() => expect(orchestrator.store.isLoaded(t)).toBe(false));
  });

  test('deleting a thread stops its reply and removes it everywhere', async () => {
    const { orchestrator, chat, repository, changes, openThread, clock } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() => expect(repository.stored(t)).toBeDefined());
    expect(await orchestrator.deleteThread(t)).toEqual({ ok: true });
    expect(call.signal.aborted).toBe(true);
    expect(repository.stored(t)).toBeUndefined();
    expect(changes.some((c) => c.kind === 'threadRemoved' && c.threadId === t)).toBe(true);
    expect(orchestrator.store.catalog.list()).toEqual([]);
  });
});
