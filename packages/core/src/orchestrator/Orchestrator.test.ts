import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gpt, setup } from '../../test/support/orchestratorSetup';

const own = ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

describe('a turn', () => {
  test('appends the user message, streams the reply, and ends complete with usage', async () => {
    const { orchestrator, chat, openThread, messages, idle, busy } = setup();
    const t = await openThread();
    expect(await orchestrator.send(t, 'hello')).toEqual({ ok: true });

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

  test('batches deltas: the first text goes at once, then what arrives within one interval is one change', async () => {
    const { orchestrator, chat, changes, clock, openThread, idle } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    const appends = () =>
      changes.flatMap((c) => (c.kind === 'messageChanged' && c.patch.append ? [c.patch.append] : []));
    call.emit({ type: 'delta', text: 'one ' });
    call.emit({ type: 'delta', text: 'two ' });
    call.emit({ type: 'delta', text: 'three ' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    expect(appends()).toEqual([{ text: 'one ', offset: 0 }]);
    clock.advance(50);
    expect(appends()).toEqual([
      { text: 'one ', offset: 0 },
      { text: 'two three ', offset: 4 },
    ]);
    call.emit({ type: 'delta', text: 'four' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(t);
    // The tail is flushed when the reply ends, without waiting for the timer.
    expect(appends().at(-1)).toEqual({ text: 'four', offset: 14 });
  });

  test('an error event ends the reply as error, keeps the partial text and reports the failure', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const failures: string[] = [];
    own.add(orchestrator.runner.onDidFailReply((f) => failures.push(`${f.participant.id}:${f.error.kind}`)));
    const t = await openThread();
    await orchestrator.send(t, 'hello');
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

  test('a reply that starts with its own label has exactly that label taken off, however it streams', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@claude @gpt hi');
    const first = await chat.call(0);
    first.emit({ type: 'delta', text: '[Cla' });
    first.emit({ type: 'delta', text: 'ude]: Hello, ' });
    first.emit({ type: 'delta', text: '[Claude]: stays' });
    first.emit({ type: 'finish', reason: 'stop' });
    first.end();
    await chat.reply(1, 'Claude: is not my name');
    await idle(t);
    expect(
      messages(t)
        .slice(1)
        .map((m) => m.content),
    ).toEqual(['Hello, [Claude]: stays', 'Claude: is not my name']);
  });

  test('a stream that ends with neither finish nor error is an error, not a success', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'cut' });
    call.end();
    await idle(t);
    expect(messages(t)[1]).toMatchObject({ status: 'error', content: 'cut' });
  });

  test('stop cancels the reply, keeps its text and skips the responders still queued', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@all what do you think?');
    const call = await chat.partial(0, 'I think');
    orchestrator.stop(t);
    await idle(t);
    expect(call.signal.aborted).toBe(true);
    expect(chat.calls).toHaveLength(1);
    expect(messages(t)).toHaveLength(2);
    expect(messages(t)[1]).toMatchObject({ speaker: 'claude', status: 'cancelled', content: 'I think' });
  });

  test('several responders answer in order, each seeing the replies before it, labelled by speaker', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@gpt @claude compare notes');
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
    const t = await openThread();
    await orchestrator.send(t, '@all hi');
    const first = await chat.call(0);
    first.emit({ type: 'error', error: { kind: 'account', message: 'not logged in' } });
    first.end();
    await chat.reply(1, 'still here');
    await idle(t);
    expect(messages(t).map((m) => m.status)).toEqual(['complete', 'error', 'complete']);
  });

  test('refuses an empty message, and a second one while a reply streams in the same thread', async () => {
    const { orchestrator, chat, openThread } = setup();
    const t = await openThread();
    expect(await orchestrator.send(t, '   ')).toMatchObject({ ok: false });
    await orchestrator.send(t, 'first');
    await chat.call(0);
    expect(await orchestrator.send(t, 'second')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('still streaming'),
    });
  });

  test('turns on different threads run side by side', async () => {
    const { orchestrator, chat, openThread, messages, idle } = setup();
    const a = await openThread();
    const b = await openThread();
    await orchestrator.send(a, 'in a');
    const callA = await chat.call(0);
    expect(await orchestrator.send(b, 'in b')).toEqual({ ok: true });
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
    const t = await openThread();
    expect(await orchestrator.send(t, 'hello')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('roundtable.participants'),
    });
    expect(messages(t)).toEqual([]);
    expect(await orchestrator.send('not-open', 'hello')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('open'),
    });
  });

  test('keeps the names that got no reply on the message, and still answers the others', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({
      participants: [claude, { ...gpt, muted: true }, { ...claude, id: 'gemini', enabled: false }],
    });
    const t = await openThread();
    expect(await orchestrator.send(t, '@grok @claude @gpt @gemini hi')).toEqual({ ok: true });
    expect(messages(t)[0]).toMatchObject({
      targets: ['claude'],
      unrouted: { unknown: ['grok'], muted: ['gpt'], disabled: ['gemini'] },
    });
    await chat.reply(0, 'hi');
    await idle(t);
    expect(chat.calls).toHaveLength(1);
  });

  test('a message every name of which answers keeps no unrouted names', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup();
    const t = await openThread();
    await orchestrator.send(t, '@claude hi');
    expect(messages(t)[0]).not.toHaveProperty('unrouted');
    await chat.reply(0, 'hi');
    await idle(t);
  });

  test('a typed name longer than any id is kept shortened, so the thread can still be written', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup();
    const t = await openThread();
    await orchestrator.send(t, `@claude @${'x'.repeat(500)} hi`);
    const unknown = messages(t)[0]?.unrouted?.unknown ?? [];
    expect(unknown).toEqual([`${'x'.repeat(63)}…`]);
    await chat.reply(0, 'hi');
    await idle(t);
  });

  test('a message whose names all fail is refused with why, and nobody else answers it', async () => {
    const { orchestrator, chat, openThread, messages } = setup({ participants: [claude, { ...gpt, muted: true }] });
    const t = await openThread();
    expect(await orchestrator.send(t, '@gpt @bob thoughts?')).toEqual({
      ok: false,
      reason: 'Nobody was asked to answer: @bob is not at the table; @gpt is muted. At the table: @claude.',
    });
    expect(messages(t)).toEqual([]);
    expect(chat.calls).toHaveLength(0);
  });

  test('at most maxRespondersPerTurn answer one message; the message keeps who was left out', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt] });
    orchestrator.table.update({ ...orchestrator.table.settings, maxRespondersPerTurn: 1 });
    const t = await openThread();
    expect(await orchestrator.send(t, '@all hi')).toEqual({ ok: true });
    expect(messages(t)[0]?.unrouted).toEqual({ overCap: ['gpt'] });
    await chat.reply(0, 'only me');
    await idle(t);
    expect(chat.calls.map((c) => c.model)).toEqual(['claude-sonnet-4-6']);
  });

  test('a muted participant keeps its place but is never asked: not by default, not by @all, not by retry', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({
      participants: [{ ...claude, muted: true }, gpt],
    });
    const t = await openThread();
    expect(orchestrator.table.defaultTarget()).toBe('gpt');
    await orchestrator.send(t, '@all hi');
    await chat.reply(0, 'gpt only');
    await idle(t);
    expect(chat.calls.map((c) => c.model)).toEqual(['gpt-5.5']);
    expect(orchestrator.table.setDefaultTarget('claude')).toMatchObject({ ok: false });
    expect(messages(t).map((m) => m.speaker)).toEqual(['user', 'gpt']);

    // A reply Claude gave before it was muted cannot be retried until it is unmuted.
    orchestrator.table.update({ ...orchestrator.table.settings, participants: [claude, gpt] });
    await orchestrator.send(t, '@claude once more');
    await chat.call(1);
    orchestrator.stop(t);
    await idle(t);
    const stopped = messages(t).at(-1);
    orchestrator.table.update({ ...orchestrator.table.settings, participants: [{ ...claude, muted: true }, gpt] });
    expect(await orchestrator.retry(t, stopped?.id ?? '')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('muted'),
    });
    expect(chat.calls).toHaveLength(2);
  });
});
