import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ParticipantConfig } from '../participants/participant';
import type { Logger } from '../ports';
import { SAVE_TIMING } from '../store/saveScheduler';
import type { ThreadChange } from '../store/ThreadStore';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '../testing';
import type { Message, Transcript } from '../transcript/schema';
import { Orchestrator } from './Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from './settings';

const claude: ParticipantConfig = {
  id: 'claude',
  displayName: 'Claude',
  color: '#D97706',
  model: 'claude-sonnet-4-6',
  enabled: true,
};
const gpt: ParticipantConfig = { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true };

const disposables: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of disposables.splice(0)) d.dispose();
});

function setup(options: { participants?: ParticipantConfig[]; stored?: unknown[] } = {}) {
  const clock = new FakeClock();
  const repository = new MemoryThreadRepository(options.stored ?? []);
  const chat = new ScriptedChat();
  let n = 0;
  const logs: string[] = [];
  const logger: Logger = {
    trace: (m) => logs.push(`trace ${m}`),
    info: (m) => logs.push(`info ${m}`),
    warn: (m) => logs.push(`warn ${m}`),
    error: (m) => logs.push(`error ${m}`),
  };
  const orchestrator = new Orchestrator({
    repository,
    chat: chat.backend,
    clock,
    ids: { next: () => `id-${++n}` },
    logger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: options.participants ?? [claude] },
  });
  disposables.push(orchestrator);
  const changes: ThreadChange[] = [];
  orchestrator.store.onDidChange((c) => changes.push(c));
  const busy: string[] = [];
  orchestrator.runner.onDidChangeBusy((e) => busy.push(`${e.threadId}:${e.busy}`));
  /** A new thread held open, as a view holds the one it shows. */
  const openThread = () => {
    const lease = orchestrator.newThread();
    disposables.push(lease);
    return lease.threadId;
  };
  const messages = (threadId: string): Message[] => orchestrator.store.transcript(threadId)?.messages ?? [];
  const idle = (threadId: string) => vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
  return { clock, repository, chat, orchestrator, changes, busy, logs, openThread, messages, idle };
}

describe('a turn', () => {
  test('appends the user message, streams the reply, and ends complete with usage', async () => {
    const { orchestrator, chat, openThread, messages, idle, busy } = setup();
    const t = openThread();
    expect(orchestrator.send(t, 'hello')).toEqual({ ok: true });

    const call = await chat.call(0);
    expect(call.model).toBe('claude-sonnet-4-6');
    expect(call.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(call.messages[1]?.content).toBe('[User] hello');
    expect(orchestrator.runner.isBusy(t)).toBe(true);
    expect(messages(t).map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'streaming'],
    ]);

    call.emit({ type: 'delta', text: 'Hi ' });
    call.emit({ type: 'delta', text: 'there' });
    call.emit({ type: 'usage', usage: { inputTokens: 12, outputTokens: 3 } });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(t);

    expect(messages(t)[1]).toMatchObject({
      speaker: 'claude',
      content: 'Hi there',
      status: 'complete',
      usage: { inputTokens: 12, outputTokens: 3 },
    });
    expect(orchestrator.store.summary(t)?.title).toBe('hello');
    expect(busy).toEqual([`${t}:true`, `${t}:false`]);
  });

  test('batches deltas: text arriving within one interval is one change, with the right offsets', async () => {
    const { orchestrator, chat, changes, clock, openThread, idle } = setup();
    const t = openThread();
    orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    const appends = () =>
      changes.flatMap((c) => (c.kind === 'messageChanged' && c.patch.append ? [c.patch.append] : []));
    call.emit({ type: 'delta', text: 'one ' });
    call.emit({ type: 'delta', text: 'two ' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    expect(appends()).toEqual([]);
    clock.advance(50);
    expect(appends()).toEqual([{ text: 'one two ', offset: 0 }]);
    call.emit({ type: 'delta', text: 'three' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(t);
    // The tail is flushed when the reply ends, without waiting for the timer.
    expect(appends().at(-1)).toEqual({ text: 'three', offset: 8 });
  });

  test('an error event ends the reply as error, keeps the partial text and reports the failure', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const failures: string[] = [];
    orchestrator.runner.onDidFailReply((f) => failures.push(`${f.participant.id}:${f.error.kind}`));
    const t = openThread();
    orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'partial' });
    call.emit({
      type: 'error',
      error: { kind: 'rate-limit', message: 'All credentials are cooling down. Try again in 1m30s.' },
    });
    call.end();
    await idle(t);
    expect(messages(t)[1]).toMatchObject({
      status: 'error',
      content: 'partial',
      error: 'All credentials are cooling down. Try again in 1m30s.',
    });
    expect(failures).toEqual(['claude:rate-limit']);
  });

  test('a stream that ends with neither finish nor error is an error, not a success', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const t = openThread();
    orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'cut' });
    call.end();
    await idle(t);
    expect(messages(t)[1]).toMatchObject({ status: 'error', content: 'cut' });
  });

  test('stop cancels the reply, keeps its text and skips the responders still queued', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup({ participants: [claude, gpt] });
    const t = openThread();
    orchestrator.send(t, '@all what do you think?');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'I think' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    orchestrator.stop(t);
    await idle(t);
    expect(call.signal.aborted).toBe(true);
    expect(chat.calls).toHaveLength(1);
    expect(messages(t)).toHaveLength(2);
    expect(messages(t)[1]).toMatchObject({ speaker: 'claude', status: 'cancelled', content: 'I think' });
  });

  test('several responders answer in order, each seeing the replies before it, labelled by speaker', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup({ participants: [claude, gpt] });
    const t = openThread();
    orchestrator.send(t, '@gpt @claude compare notes');
    await chat.reply(0, 'GPT here.');
    const second = await chat.call(1);
    expect(chat.calls[0]?.model).toBe('gpt-5.5');
    expect(second.model).toBe('claude-sonnet-4-6');
    expect(second.messages.slice(1)).toEqual([
      { role: 'user', content: '[User] @gpt @claude compare notes' },
      { role: 'user', content: '[GPT]: GPT here.' },
    ]);
    second.emit({ type: 'finish', reason: 'stop' });
    second.end();
    await idle(t);
    expect(messages(t).map((m) => `${m.seq}:${m.speaker}`)).toEqual(['0:user', '1:gpt', '2:claude']);
    expect(orchestrator.store.transcript(t)?.participants).toEqual(['claude', 'gpt']);
    // The last-addressed participant becomes the default for unaddressed messages.
    expect(orchestrator.table.defaultTarget()).toBe('claude');
  });

  test('a failed responder does not stop the next one', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup({ participants: [claude, gpt] });
    const t = openThread();
    orchestrator.send(t, '@all hi');
    const first = await chat.call(0);
    first.emit({ type: 'error', error: { kind: 'account', message: 'not logged in' } });
    first.end();
    await chat.reply(1, 'still here');
    await idle(t);
    expect(messages(t).map((m) => m.status)).toEqual(['complete', 'error', 'complete']);
  });

  test('refuses an empty message, and a second one while a reply streams in the same thread', async () => {
    const { orchestrator, chat, openThread } = setup();
    const t = openThread();
    expect(orchestrator.send(t, '   ')).toMatchObject({ ok: false });
    orchestrator.send(t, 'first');
    await chat.call(0);
    expect(orchestrator.send(t, 'second')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('still streaming'),
    });
  });

  test('turns on different threads run side by side', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const a = openThread();
    const b = openThread();
    orchestrator.send(a, 'in a');
    const callA = await chat.call(0);
    expect(orchestrator.send(b, 'in b')).toEqual({ ok: true });
    await chat.reply(1, 'b done');
    await idle(b);
    expect(orchestrator.runner.isBusy(a)).toBe(true);
    expect(orchestrator.runner.busyThreadIds()).toEqual([a]);
    callA.emit({ type: 'finish', reason: 'stop' });
    callA.end();
    await idle(a);
    expect(messages(b).map((m) => m.content)).toEqual(['in b', 'b done']);
  });

  test('refuses to send when no participant is enabled, and to a thread that is not open', async () => {
    const { orchestrator, openThread, messages } = setup({ participants: [{ ...claude, enabled: false }] });
    const t = openThread();
    expect(orchestrator.send(t, 'hello')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('roundtable.participants'),
    });
    expect(messages(t)).toEqual([]);
    expect(orchestrator.send('not-open', 'hello')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('open'),
    });
  });

  test('reports mentions of participants who are not at the table, and still answers', async () => {
    const { orchestrator, chat, openThread, idle } = setup();
    const t = openThread();
    expect(orchestrator.send(t, '@grok @claude hi')).toEqual({ ok: true, notice: 'Not at the table: @grok.' });
    await chat.reply(0, 'hi');
    await idle(t);
  });
});

describe('persistence', () => {
  test('a user message and a finished reply are written within urgentMs; a streaming reply never is', async () => {
    const { orchestrator, chat, repository, clock, openThread, idle } = setup();
    const t = openThread();
    orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() => expect(repository.stored(t)?.messages.map((m) => m.role)).toEqual(['user']));

    // A long stream does not hold anything back: the finished reply is written as soon as it ends.
    for (let i = 0; i < 100; i++) {
      call.emit({ type: 'delta', text: 'x' });
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(50);
    }
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(t);
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() =>
      expect(repository.stored(t)?.messages.map((m) => m.status)).toEqual(['complete', 'complete']),
    );
    expect(repository.saves.every((s) => s.messages.every((m) => m.status !== 'streaming'))).toBe(true);
  });

  test('shutdown stops the reply in flight and writes it as cancelled with its partial text', async () => {
    const { orchestrator, chat, repository, openThread } = setup();
    const t = openThread();
    orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'half a tho' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    await orchestrator.shutdown();
    expect(repository.stored(t)?.messages[1]).toMatchObject({ status: 'cancelled', content: 'half a tho' });
  });

  test('a failed save is reported with its reason, kept in memory, and cleared once a retry succeeds', async () => {
    const { orchestrator, chat, repository, changes, openThread, idle } = setup();
    const t = openThread();
    repository.failNextSave = new Error('EACCES: permission denied');
    orchestrator.send(t, 'hello');
    await chat.reply(0, 'hi');
    await idle(t);
    await orchestrator.store.flush();
    const problems = () => changes.filter((c) => c.kind === 'saveProblemChanged');
    expect(problems()[0]).toMatchObject({ threadId: t, problem: { reason: 'EACCES: permission denied' } });
    expect(orchestrator.store.saveProblems()).toHaveLength(1);
    await orchestrator.store.retrySave(t);
    expect(repository.stored(t)?.messages).toHaveLength(2);
    expect(orchestrator.store.saveProblems()).toEqual([]);
    expect(problems().at(-1)).toMatchObject({ threadId: t, problem: undefined });
  });

  test('the newest stored thread is known from the list without loading any thread', async () => {
    const older = thread('t-old', '2026-01-01T00:00:00.000Z', 'old');
    const newer = thread('t-new', '2026-02-01T00:00:00.000Z', 'new');
    const { orchestrator, repository } = setup({ stored: [older, newer] });
    await orchestrator.store.initialize();
    expect(orchestrator.store.newestThreadId()).toBe('t-new');
    expect(orchestrator.store.list().map((s) => [s.id, s.title, s.messageCount])).toEqual([
      ['t-new', 'new', 1],
      ['t-old', 'old', 1],
    ]);
    expect(repository.loads).toEqual([]);
  });
});

describe('thread and message intents', () => {
  test('deleting a message leaves a tombstone, out of the next prompt, and the title moves on', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const t = openThread();
    orchestrator.send(t, 'secret plan');
    await chat.reply(0, 'noted');
    await idle(t);
    orchestrator.send(t, 'second topic');
    await chat.reply(1, 'ok');
    await idle(t);
    const first = messages(t)[0];
    expect(orchestrator.deleteMessage(t, first?.id ?? '')).toEqual({ ok: true });
    expect(messages(t)[0]).toMatchObject({ seq: 0, status: 'deleted', content: '' });
    expect(orchestrator.store.summary(t)?.title).toBe('second topic');
    orchestrator.send(t, 'next');
    const call = await chat.call(2);
    expect(call.messages.map((m) => m.content).join('\n')).not.toContain('secret plan');
  });

  test('retry re-runs the newest failed reply in place, as its next attempt', async () => {
    const { orchestrator, chat, repository, openThread, messages, idle } = setup();
    const t = openThread();
    orchestrator.send(t, 'hello');
    const first = await chat.call(0);
    first.emit({ type: 'error', error: { kind: 'network', message: 'down' } });
    first.end();
    await idle(t);
    await orchestrator.store.flush();
    const failed = messages(t)[1];
    expect(orchestrator.retry(t, failed?.id ?? '')).toEqual({ ok: true });
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

  test('a reply keeps streaming after its view lets go of the thread, and is written when it ends', async () => {
    const { orchestrator, chat, repository, openThread, idle } = setup();
    const lease = orchestrator.newThread();
    const t = lease.threadId;
    orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    lease.dispose(); // the view switched to another thread
    openThread();
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
    const t = openThread();
    orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() => expect(repository.stored(t)).toBeDefined());
    expect(await orchestrator.deleteThread(t)).toEqual({ ok: true });
    expect(call.signal.aborted).toBe(true);
    expect(repository.stored(t)).toBeUndefined();
    expect(changes.some((c) => c.kind === 'threadRemoved' && c.threadId === t)).toBe(true);
    expect(orchestrator.store.list()).toEqual([]);
  });
});

function thread(id: string, updatedAt: string, text: string): Transcript {
  return {
    version: 2,
    id,
    title: text,
    createdAt: updatedAt,
    updatedAt,
    participants: ['claude'],
    messages: [
      {
        id: `${id}-m0`,
        seq: 0,
        role: 'user',
        speaker: 'user',
        content: text,
        status: 'complete',
        createdAt: updatedAt,
      },
    ],
  };
}
