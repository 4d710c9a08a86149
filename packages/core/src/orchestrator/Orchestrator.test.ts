import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ParticipantConfig } from '../participants/participant';
import type { Logger } from '../ports';
import type { ChatState } from '../protocol/messages';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '../testing';
import type { Transcript } from '../transcript/schema';
import { Orchestrator, type StreamDelta } from './Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from './settings';

const claude: ParticipantConfig = {
  id: 'claude',
  displayName: 'Claude',
  color: '#D97706',
  model: 'claude-sonnet-4-6',
  enabled: true,
};
const gpt: ParticipantConfig = { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true };

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
  const states: ChatState[] = [];
  const deltas: StreamDelta[] = [];
  orchestrator.onDidChangeState((s) => states.push(s));
  orchestrator.onDidAppendDelta((d) => deltas.push(d));
  disposables.push(orchestrator);
  return { clock, repository, chat, orchestrator, states, deltas, logs };
}

const disposables: Orchestrator[] = [];
afterEach(() => {
  for (const d of disposables.splice(0)) d.dispose();
});

const idle = (o: Orchestrator) => vi.waitFor(() => expect(o.isBusy).toBe(false));
const last = <T>(items: T[]): T => {
  const item = items.at(-1);
  if (item === undefined) throw new Error('empty');
  return item;
};

describe('a turn', () => {
  test('appends the user message, streams the reply, and ends complete with usage', async () => {
    const { orchestrator, chat, states } = setup();
    await orchestrator.initialize();
    expect(orchestrator.sendMessage('hello')).toEqual({ ok: true });

    const call = await chat.call(0);
    expect(call.model).toBe('claude-sonnet-4-6');
    expect(call.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(call.messages[1]?.content).toBe('[User] hello');
    const during = last(states);
    expect(during.busy).toBe(true);
    expect(during.transcript.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'streaming'],
    ]);

    call.emit({ type: 'delta', text: 'Hi ' });
    call.emit({ type: 'delta', text: 'there' });
    call.emit({ type: 'usage', usage: { inputTokens: 12, outputTokens: 3 } });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(orchestrator);

    const reply = last(states).transcript.messages[1];
    expect(reply).toMatchObject({
      speaker: 'claude',
      content: 'Hi there',
      status: 'complete',
      usage: { inputTokens: 12, outputTokens: 3 },
    });
    expect(last(states).busy).toBe(false);
    expect(last(states).transcript.title).toBe('hello');
  });

  test('batches deltas: text arriving within one interval is sent once, with the right offsets', async () => {
    const { orchestrator, chat, deltas, clock } = setup();
    await orchestrator.initialize();
    orchestrator.sendMessage('hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'one ' });
    call.emit({ type: 'delta', text: 'two ' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    expect(deltas).toEqual([]);
    clock.advance(50);
    expect(deltas).toEqual([{ messageId: 'id-3', contentDelta: 'one two ', offset: 0 }]);
    call.emit({ type: 'delta', text: 'three' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(orchestrator);
    // The tail is flushed when the reply ends, without waiting for the timer.
    expect(deltas.at(-1)).toEqual({ messageId: 'id-3', contentDelta: 'three', offset: 8 });
  });

  test('an error event ends the reply as error, keeps the partial text and reports the failure', async () => {
    const { orchestrator, chat, states } = setup();
    const failures: string[] = [];
    orchestrator.onDidFailTurn((f) => failures.push(`${f.participant.id}:${f.error.kind}`));
    await orchestrator.initialize();
    orchestrator.sendMessage('hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'partial' });
    call.emit({
      type: 'error',
      error: { kind: 'rate-limit', message: 'All credentials are cooling down. Try again in 1m30s.' },
    });
    call.end();
    await idle(orchestrator);
    expect(last(states).transcript.messages[1]).toMatchObject({
      status: 'error',
      content: 'partial',
      error: 'All credentials are cooling down. Try again in 1m30s.',
    });
    expect(failures).toEqual(['claude:rate-limit']);
  });

  test('a stream that ends with neither finish nor error is an error, not a success', async () => {
    const { orchestrator, chat, states } = setup();
    await orchestrator.initialize();
    orchestrator.sendMessage('hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'cut' });
    call.end();
    await idle(orchestrator);
    expect(last(states).transcript.messages[1]).toMatchObject({ status: 'error', content: 'cut' });
  });

  test('stop cancels the reply, keeps its text and skips the responders still queued', async () => {
    const { orchestrator, chat, states } = setup({ participants: [claude, gpt] });
    await orchestrator.initialize();
    orchestrator.sendMessage('@all what do you think?');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'I think' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    orchestrator.stop();
    await idle(orchestrator);
    expect(call.signal.aborted).toBe(true);
    expect(chat.calls).toHaveLength(1);
    const messages = last(states).transcript.messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ speaker: 'claude', status: 'cancelled', content: 'I think' });
  });

  test('several responders answer in order, each seeing the replies before it, labelled by speaker', async () => {
    const { orchestrator, chat, states } = setup({ participants: [claude, gpt] });
    await orchestrator.initialize();
    orchestrator.sendMessage('@gpt @claude compare notes');
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
    await idle(orchestrator);
    const final = last(states);
    expect(final.transcript.messages.map((m) => `${m.seq}:${m.speaker}`)).toEqual(['0:user', '1:gpt', '2:claude']);
    expect(final.transcript.participants).toEqual(['claude', 'gpt']);
    // The last-addressed participant becomes the default for unaddressed messages.
    expect(final.defaultTarget).toBe('claude');
  });

  test('a failed responder does not stop the next one', async () => {
    const { orchestrator, chat, states } = setup({ participants: [claude, gpt] });
    await orchestrator.initialize();
    orchestrator.sendMessage('@all hi');
    const first = await chat.call(0);
    first.emit({ type: 'error', error: { kind: 'account', message: 'not logged in' } });
    first.end();
    await chat.reply(1, 'still here');
    await idle(orchestrator);
    expect(last(states).transcript.messages.map((m) => m.status)).toEqual(['complete', 'error', 'complete']);
  });

  test('refuses a second message while a reply streams, and an empty one', async () => {
    const { orchestrator, chat } = setup();
    await orchestrator.initialize();
    expect(orchestrator.sendMessage('   ')).toMatchObject({ ok: false });
    orchestrator.sendMessage('first');
    await chat.call(0);
    expect(orchestrator.sendMessage('second')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('still streaming'),
    });
  });

  test('refuses to send when no participant is enabled', async () => {
    const { orchestrator } = setup({ participants: [{ ...claude, enabled: false }] });
    await orchestrator.initialize();
    expect(orchestrator.sendMessage('hello')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('roundtable.participants'),
    });
    expect(orchestrator.getState().transcript.messages).toEqual([]);
  });

  test('reports mentions of participants who are not at the table, and still answers', async () => {
    const { orchestrator, chat } = setup();
    await orchestrator.initialize();
    expect(orchestrator.sendMessage('@grok @claude hi')).toEqual({ ok: true, notice: 'Not at the table: @grok.' });
    await chat.reply(0, 'hi');
    await idle(orchestrator);
  });
});

describe('persistence', () => {
  test('saves 500 ms after the last change and never writes a streaming message', async () => {
    const { orchestrator, chat, repository, clock } = setup();
    await orchestrator.initialize();
    orchestrator.sendMessage('hello');
    const call = await chat.call(0);
    const id = orchestrator.getState().transcript.id;
    clock.advance(499);
    expect(repository.stored(id)).toBeUndefined();
    clock.advance(1);
    await vi.waitFor(() => expect(repository.stored(id)?.messages.map((m) => m.role)).toEqual(['user']));

    call.emit({ type: 'delta', text: 'done' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await idle(orchestrator);
    clock.advance(500);
    await vi.waitFor(() =>
      expect(repository.stored(id)?.messages.map((m) => m.status)).toEqual(['complete', 'complete']),
    );
    expect(repository.saves.every((t) => t.messages.every((m) => m.status !== 'streaming'))).toBe(true);
  });

  test('shutdown stops the reply in flight and writes it as cancelled with its partial text', async () => {
    const { orchestrator, chat, repository } = setup();
    await orchestrator.initialize();
    orchestrator.sendMessage('hello');
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'half a tho' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    await orchestrator.shutdown();
    const stored = repository.stored(orchestrator.getState().transcript.id);
    expect(stored?.messages[1]).toMatchObject({ status: 'cancelled', content: 'half a tho' });
  });

  test('a failed save is logged and retried on the next flush; nothing is lost', async () => {
    const { orchestrator, chat, repository, logs } = setup();
    await orchestrator.initialize();
    repository.failNextSave = new Error('disk full');
    orchestrator.sendMessage('hello');
    await chat.reply(0, 'hi');
    await idle(orchestrator);
    await orchestrator.flush();
    expect(logs.some((l) => l.startsWith('error Could not save thread') && l.includes('disk full'))).toBe(true);
    await orchestrator.flush();
    expect(repository.stored(orchestrator.getState().transcript.id)?.messages).toHaveLength(2);
  });

  test('initialize opens the most recently updated stored thread', async () => {
    const older = thread('t-old', '2026-01-01T00:00:00.000Z', 'old');
    const newer = thread('t-new', '2026-02-01T00:00:00.000Z', 'new');
    const { orchestrator } = setup({ stored: [older, newer] });
    await orchestrator.initialize();
    const state = orchestrator.getState();
    expect(state.transcript.id).toBe('t-new');
    expect(state.threads.map((t) => t.id)).toEqual(['t-new', 't-old']);
  });
});

describe('thread and message intents', () => {
  test('deleteMessage leaves a tombstone that keeps seq and is left out of the next prompt', async () => {
    const { orchestrator, chat } = setup();
    await orchestrator.initialize();
    orchestrator.sendMessage('secret plan');
    await chat.reply(0, 'noted');
    await idle(orchestrator);
    const userMessage = orchestrator.getState().transcript.messages[0];
    expect(orchestrator.deleteMessage(userMessage?.id ?? '')).toEqual({ ok: true });
    expect(orchestrator.getState().transcript.messages[0]).toMatchObject({ seq: 0, status: 'deleted', content: '' });
    orchestrator.sendMessage('next');
    const call = await chat.call(1);
    expect(call.messages.map((m) => m.content).join('\n')).not.toContain('secret plan');
  });

  test('retryMessage re-runs the newest failed reply in place', async () => {
    const { orchestrator, chat } = setup();
    await orchestrator.initialize();
    orchestrator.sendMessage('hello');
    const first = await chat.call(0);
    first.emit({ type: 'error', error: { kind: 'network', message: 'down' } });
    first.end();
    await idle(orchestrator);
    const failed = orchestrator.getState().transcript.messages[1];
    expect(orchestrator.retryMessage(failed?.id ?? '')).toEqual({ ok: true });
    await chat.reply(1, 'back');
    await idle(orchestrator);
    const messages = orchestrator.getState().transcript.messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ id: failed?.id, seq: 1, status: 'complete', content: 'back' });
    expect(messages[1]?.error).toBeUndefined();
  });

  test('newThread while a reply streams stops it first, then opens an empty thread', async () => {
    const { orchestrator, chat } = setup();
    await orchestrator.initialize();
    orchestrator.sendMessage('hello');
    const call = await chat.call(0);
    const firstId = orchestrator.getState().transcript.id;
    await orchestrator.newThread();
    expect(call.signal.aborted).toBe(true);
    const state = orchestrator.getState();
    expect(state.transcript.id).not.toBe(firstId);
    expect(state.transcript.messages).toEqual([]);
    expect(state.threads.map((t) => t.id)).toContain(firstId);
    expect(await orchestrator.switchThread(firstId)).toEqual({ ok: true });
    expect(orchestrator.getState().transcript.messages[1]?.status).toBe('cancelled');
  });
});

function thread(id: string, updatedAt: string, text: string): Transcript {
  return {
    version: 1,
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
