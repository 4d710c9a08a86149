import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gpt, setup } from '../../test/support/orchestratorSetup';

ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

describe('a seat’s length limit', () => {
  test('goes with each of its requests, and only with its own', async () => {
    const capped = { ...claude, maxTokens: 200 };
    const { orchestrator, chat, openThread, idle } = setup({ participants: [capped, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@all hello');
    await chat.reply(0, 'hi');
    await chat.reply(1, 'hello');
    await idle(t);
    const calls = [await chat.call(0), await chat.call(1)];
    expect(calls.map((c) => [c.model, c.maxTokens])).toEqual([
      [claude.model, 200],
      [gpt.model, undefined],
    ]);
  });
});

describe('a reply cut at its length limit', () => {
  /** Streams `text` into call `index`, then the server's finish for length. */
  const cutAt = async (chat: ReturnType<typeof setup>['chat'], index: number, text: string, reason = 'length') => {
    const call = await chat.call(index);
    call.emit({ type: 'delta', text });
    call.emit({ type: 'finish', reason });
    call.end();
  };

  test.each(['length', 'max_tokens'])('finish %s: complete, its text kept, marked as cut', async (reason) => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@claude tell me everything');
    await cutAt(chat, 0, 'The first part of a long', reason);
    await idle(t);
    expect(messages(t).at(-1)).toMatchObject({
      content: 'The first part of a long',
      status: 'complete',
      cutAtLength: true,
    });
  });

  test('a reply that finishes for another reason is not marked', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@claude hi');
    await chat.reply(0, 'hello');
    await idle(t);
    expect(messages(t).at(-1)?.cutAtLength).toBeUndefined();
    const reply = messages(t).at(-1)?.id as string;
    expect(await orchestrator.continueReply(t, reply)).toEqual({
      ok: false,
      reason: 'That reply did not stop at its length limit.',
    });
  });

  test('Continue asks that seat alone, by name, in Discuss even in a Council thread, and it reads its cut reply', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@claude tell me everything');
    await cutAt(chat, 0, 'The first part of a long');
    await idle(t);
    const cut = messages(t).at(-1)?.id as string;
    expect(orchestrator.setMode(t, 'council')).toEqual({ ok: true });

    expect(await orchestrator.continueReply(t, cut)).toEqual({ ok: true });
    const call = await chat.call(1);
    expect(call.model).toBe(claude.model);
    expect(call.messages.map((m) => m.content).join('\n')).toContain('The first part of a long');
    await chat.reply(1, 'answer, went on.');
    await idle(t);
    expect(messages(t).map((m) => [m.speaker, m.content])).toEqual([
      ['user', '@claude tell me everything'],
      ['claude', 'The first part of a long'],
      ['user', '@claude Go on from where your last reply stopped, without repeating it.'],
      ['claude', 'answer, went on.'],
    ]);
    expect(chat.calls).toHaveLength(2);
  });

  test('a failed reply retried and cut this time is marked; Continue of a reply not in the thread is refused', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@claude tell me everything');
    const first = await chat.call(0);
    first.emit({ type: 'delta', text: 'cut' });
    first.emit({ type: 'error', error: { kind: 'stream', message: 'dropped' } });
    first.end();
    await idle(t);
    const id = messages(t).at(-1)?.id as string;
    expect(await orchestrator.retry(t, id)).toEqual({ ok: true });
    await cutAt(chat, 1, 'again, cut');
    await idle(t);
    expect(messages(t).at(-1)).toMatchObject({ status: 'complete', cutAtLength: true });
    expect(await orchestrator.continueReply(t, 'no-such-reply')).toEqual({
      ok: false,
      reason: 'That reply is not in this thread any more.',
    });
  });
});
