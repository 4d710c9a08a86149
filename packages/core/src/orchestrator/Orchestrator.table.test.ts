import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup, thread } from '../../test/support/orchestratorSetup';
import type { Transcript } from '../transcript/schema';

ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

/** What a call was sent, one line per message: its role and the first words of its content. */
const lines = (messages: { role: string; content: string }[]) =>
  messages.slice(1).map((m) => `${m.role}: ${m.content.split('\n')[0]}`);

describe('Regenerate as…', () => {
  test("another participant answers the original's question, from what the original saw, beside it", async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt, gemini] });
    const t = await openThread();
    await orchestrator.send(t, '@claude first question');
    await chat.reply(0, 'claude answer');
    await idle(t);
    await orchestrator.send(t, '@gemini second question');
    await chat.reply(1, 'gemini answer');
    await idle(t);
    const original = messages(t)[1]?.id as string;

    expect(await orchestrator.regenerateAs(t, original, 'gpt')).toEqual({ ok: true });
    const call = await chat.call(2);
    expect(call.model).toBe('gpt-5.5');
    // Only the question: not the original reply, nor anything said after it.
    expect(lines(call.messages)).toEqual(['user: [User] @claude first question']);
    await chat.reply(2, 'gpt alternative');
    await idle(t);

    const alternative = messages(t).at(-1);
    expect(alternative).toMatchObject({ speaker: 'gpt', alternativeOf: original, status: 'complete' });
    // The original is untouched.
    expect(messages(t)[1]).toMatchObject({ content: 'claude answer', status: 'complete' });

    // Everyone after reads the alternative beside the original, where the panel shows it.
    await orchestrator.send(t, '@claude which is better?');
    const next = await chat.call(3);
    expect(lines(next.messages)).toEqual([
      'user: [User] @claude first question',
      'assistant: claude answer',
      'user: [GPT]: gpt alternative',
      'user: [User] @gemini second question',
      'user: [Gemini]: gemini answer',
      'user: [User] @claude which is better?',
    ]);
    await chat.reply(3, 'ok');
    await idle(t);
  });

  test("regenerating an alternative makes another alternative of the original, and a retry of one keeps the original's prompt", async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({ participants: [claude, gpt, gemini] });
    const t = await openThread();
    await orchestrator.send(t, 'question');
    await chat.reply(0, 'claude answer');
    await idle(t);
    const original = messages(t)[1]?.id as string;
    await orchestrator.regenerateAs(t, original, 'gpt');
    const failed = await chat.call(1);
    failed.emit({ type: 'error', error: { kind: 'http', message: 'HTTP 500', status: 500 } });
    failed.end();
    await idle(t);
    const gptAlternative = messages(t)[2];
    expect(gptAlternative).toMatchObject({ status: 'error', alternativeOf: original });

    await orchestrator.regenerateAs(t, gptAlternative?.id as string, 'gemini');
    await chat.reply(2, 'gemini answer');
    await idle(t);
    expect(messages(t)[3]).toMatchObject({ speaker: 'gemini', alternativeOf: original });

    expect(await orchestrator.retry(t, gptAlternative?.id as string)).toEqual({ ok: true });
    const retried = await chat.call(3);
    expect(lines(retried.messages)).toEqual(['user: [User] question']);
    await chat.reply(3, 'gpt again');
    await idle(t);
    expect(messages(t)[2]).toMatchObject({ id: gptAlternative?.id, attempt: 2, alternativeOf: original });
  });

  test('is refused while a reply streams, for a user message or a deleted reply, and for whoever cannot answer', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup({
      participants: [claude, { ...gpt, muted: true }],
    });
    const t = await openThread();
    await orchestrator.send(t, 'question');
    const [question] = messages(t);
    const reply = messages(t)[1]?.id as string;
    expect(await orchestrator.regenerateAs(t, reply, 'claude')).toMatchObject({ ok: false, reason: /still streaming/ });
    await chat.reply(0, 'answer');
    await idle(t);
    expect(await orchestrator.regenerateAs(t, question?.id as string, 'claude')).toMatchObject({ ok: false });
    expect(await orchestrator.regenerateAs(t, reply, 'gpt')).toMatchObject({ ok: false, reason: /"gpt" is not/ });
    expect(await orchestrator.regenerateAs(t, reply, 'nobody')).toMatchObject({ ok: false });
    orchestrator.deleteMessage(t, reply);
    expect(await orchestrator.regenerateAs(t, reply, 'claude')).toMatchObject({ ok: false, reason: /still there/ });
    expect(chat.calls).toHaveLength(1);
  });
});

describe('speaking to, per thread', () => {
  test('each thread keeps its own choice; a new thread starts with the one chosen last', async () => {
    const { orchestrator, chat, openThread, idle } = setup({ participants: [claude, gpt] });
    const a = await openThread();
    const b = await openThread();
    expect(orchestrator.setSpeakingTo(a, 'gpt')).toEqual({ ok: true });
    expect(orchestrator.setSpeakingTo(b, 'claude')).toEqual({ ok: true });
    expect(orchestrator.speakingTo(a)).toBe('gpt');
    expect(orchestrator.speakingTo(b)).toBe('claude');
    expect(orchestrator.speakingTo(await openThread())).toBe('claude');

    await orchestrator.send(a, 'no mention');
    expect((await chat.call(0)).model).toBe('gpt-5.5');
    await chat.reply(0, 'gpt here');
    await idle(a);
    expect(orchestrator.store.transcript(a)?.speakingTo?.value).toBe('gpt');
  });

  test('a mention moves the thread to the last one named; a muted choice falls back', async () => {
    const { orchestrator, chat, openThread, idle } = setup({ participants: [claude, gpt] });
    const t = await openThread();
    await orchestrator.send(t, '@gpt hi');
    await chat.reply(0, 'x');
    await idle(t);
    expect(orchestrator.speakingTo(t)).toBe('gpt');
    orchestrator.table.update({ ...orchestrator.table.settings, participants: [claude, { ...gpt, muted: true }] });
    expect(orchestrator.speakingTo(t)).toBe('claude');
    expect(orchestrator.setSpeakingTo(t, 'gpt')).toMatchObject({ ok: false });
  });

  test('survives a reload: the choice is written with the thread', async () => {
    const stored = thread('t1', '2026-05-01T10:00:00.000Z', 'hello');
    const first = setup({ participants: [claude, gpt], stored: [stored] });
    const opened = await first.orchestrator.store.open('t1');
    if (!opened.ok) throw new Error(opened.reason);
    first.orchestrator.setSpeakingTo('t1', 'gpt');
    await first.orchestrator.store.flush();
    const written = first.repository.stored('t1');

    const second = setup({ participants: [claude, gpt], stored: [written] });
    const reopened = await second.orchestrator.store.open('t1');
    if (!reopened.ok) throw new Error(reopened.reason);
    expect(second.orchestrator.speakingTo('t1')).toBe('gpt');
    opened.lease.dispose();
    reopened.lease.dispose();
  });
});

describe('renaming a thread', () => {
  test('the title is the one given, kept over later messages and written', async () => {
    const stored = thread('t1', '2026-05-01T10:00:00.000Z', 'derived title');
    const { orchestrator, repository } = setup({ stored: [stored] });
    expect(await orchestrator.renameThread('t1', '  Release plan  ')).toEqual({ ok: true });
    await orchestrator.store.flush();
    expect(orchestrator.store.summary('t1')?.title).toBe('Release plan');
    expect(repository.stored('t1')).toMatchObject({ title: 'Release plan', renamed: { value: 'Release plan' } });
  });

  test('refuses a blank or overlong title, an empty thread and a thread that is gone', async () => {
    const { orchestrator, openThread } = setup({ stored: [thread('t1', '2026-05-01T10:00:00.000Z', 'x')] });
    expect(await orchestrator.renameThread('t1', '   ')).toMatchObject({ ok: false });
    expect(await orchestrator.renameThread('t1', 'x'.repeat(201))).toMatchObject({ ok: false });
    expect(await orchestrator.renameThread(await openThread(), 'Name')).toMatchObject({ ok: false, reason: /empty/ });
    expect(await orchestrator.renameThread('nope', 'Name')).toMatchObject({ ok: false });
  });
});

describe('a provider that takes one system message', () => {
  const withNote = (): Transcript => {
    const t = thread('t1', '2026-05-01T10:00:00.000Z', 'hello');
    return {
      ...t,
      messages: [
        ...t.messages,
        {
          id: 'note',
          seq: 1,
          role: 'system',
          speaker: 'system',
          content: 'GPT joined.',
          status: 'complete',
          createdAt: '2026-05-01T10:00:01.000Z',
        },
      ],
    };
  };

  test('is asked again with the notes inline, once, and inline from then on', async () => {
    const local = { ...gpt, provider: 'local' };
    const { orchestrator, chat, idle, messages, logs } = setup({ participants: [claude, local], stored: [withNote()] });
    const opened = await orchestrator.store.open('t1');
    if (!opened.ok) throw new Error(opened.reason);

    await orchestrator.send('t1', '@gpt hi');
    const first = await chat.call(0);
    expect(first.provider).toBe('local');
    expect(first.messages.filter((m) => m.role === 'system')).toHaveLength(2);
    first.emit({
      type: 'error',
      error: { kind: 'http', status: 400, message: 'HTTP 400: Only one system message is allowed' },
    });
    first.end();
    const second = await chat.call(1);
    expect(second.messages.filter((m) => m.role === 'system')).toHaveLength(1);
    expect(second.messages.map((m) => m.content)).toContain('[System] GPT joined.');
    await chat.reply(1, 'fine');
    await idle('t1');
    expect(messages('t1').at(-1)).toMatchObject({ content: 'fine', status: 'complete' });
    expect(logs.some((l) => l.includes('inline for it from now on'))).toBe(true);

    // Remembered for that provider, and only for it.
    await orchestrator.send('t1', '@gpt again');
    expect((await chat.call(2)).messages.filter((m) => m.role === 'system')).toHaveLength(1);
    await chat.reply(2, 'ok');
    await idle('t1');
    await orchestrator.send('t1', '@claude you?');
    expect((await chat.call(3)).messages.filter((m) => m.role === 'system')).toHaveLength(2);
    await chat.reply(3, 'ok');
    await idle('t1');
    opened.lease.dispose();
  });

  test('a refusal about something else, or after text came, is the reply’s error', async () => {
    const { orchestrator, chat, idle, messages } = setup({ participants: [claude], stored: [withNote()] });
    const opened = await orchestrator.store.open('t1');
    if (!opened.ok) throw new Error(opened.reason);
    await orchestrator.send('t1', 'hi');
    const call = await chat.call(0);
    call.emit({ type: 'error', error: { kind: 'http', status: 400, message: 'HTTP 400: model not found' } });
    call.end();
    await idle('t1');
    expect(messages('t1').at(-1)).toMatchObject({ status: 'error', error: 'HTTP 400: model not found' });
    expect(chat.calls).toHaveLength(1);

    await orchestrator.retry('t1', messages('t1').at(-1)?.id as string);
    const again = await chat.call(1);
    again.emit({ type: 'delta', text: 'partly' });
    again.emit({ type: 'error', error: { kind: 'http', status: 400, message: 'HTTP 400: bad system message' } });
    again.end();
    await idle('t1');
    expect(messages('t1').at(-1)).toMatchObject({ status: 'error', content: 'partly' });
    expect(chat.calls).toHaveLength(2);
    opened.lease.dispose();
  });
});

describe('left out for length', () => {
  test('a reply whose prompt left older messages out says how many; a retry that fits drops the count', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup();
    orchestrator.table.update({ ...orchestrator.table.settings, softLimitChars: 2_000, keepRecent: 1 });
    const t = await openThread();
    for (let i = 0; i < 3; i++) {
      await orchestrator.send(t, `${i} ${'x'.repeat(600)}`);
      await chat.reply(i, 'y'.repeat(600));
      await idle(t);
    }
    const last = messages(t).at(-1);
    expect(last?.leftOut).toBeGreaterThan(0);

    await orchestrator.send(t, 'short');
    const call = await chat.call(3);
    call.emit({ type: 'error', error: { kind: 'http', status: 500, message: 'HTTP 500' } });
    call.end();
    await idle(t);
    const failed = messages(t).at(-1);
    expect(failed?.leftOut).toBeGreaterThan(0);
    orchestrator.table.update({ ...orchestrator.table.settings, softLimitChars: 1_000_000 });
    await orchestrator.retry(t, failed?.id as string);
    await chat.reply(4, 'fits now');
    await idle(t);
    expect(messages(t).at(-1)).not.toHaveProperty('leftOut');
  });
});
