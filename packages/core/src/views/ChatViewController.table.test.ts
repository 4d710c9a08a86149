import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, setup } from '../../test/support/viewSetup';

// Steering the table as a view sees it: an alternative shown beside its original, and "speaking to" per thread.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const gpt = { ...claude, id: 'gpt', displayName: 'GPT', model: 'g' };

async function twoAtTheTable() {
  const s = setup();
  s.orchestrator.table.update({ ...s.orchestrator.table.settings, participants: [claude, gpt] });
  const v = s.view();
  await v.ready();
  const threadId = v.lastState().thread.id;
  const idle = () => vi.waitFor(() => expect(s.orchestrator.runner.isBusy(threadId)).toBe(false));
  return { ...s, v, threadId, idle };
}

describe('ChatViewController: the table', () => {
  test('an alternative joins the list right after its original, and a full state lists it there too', async () => {
    const { v, threadId, chat, idle } = await twoAtTheTable();
    await v.intent('chat/send', { threadId, text: 'first' });
    await chat.reply(0, 'claude says');
    await idle();
    await v.intent('chat/send', { threadId, text: 'second' });
    await chat.reply(1, 'claude again');
    await idle();
    const added = () => v.posted.flatMap((m) => (m.type === 'message/added' ? [m.payload] : []));
    const originalId = added()[1]?.message.id as string;

    expect(
      await v.intent('message/regenerateAs', { threadId, messageId: originalId, participantId: 'gpt' }),
    ).toMatchObject({ ok: true });
    await chat.reply(2, 'gpt instead');
    await idle();
    expect(added().at(-1)).toMatchObject({ index: 2, message: { speaker: 'gpt', alternativeOf: originalId } });

    v.controller.markHidden();
    await v.ready();
    expect(v.lastState().thread.messages.map((m) => m.content)).toEqual([
      'first',
      'claude says',
      'gpt instead',
      'second',
      'claude again',
    ]);
  });

  test('chat/setTarget sets the shown thread’s choice; another thread keeps its own', async () => {
    const { v, threadId } = await twoAtTheTable();
    const targets = () => v.posted.flatMap((m) => (m.type === 'table/changed' ? [m.payload.defaultTarget] : []));
    expect(await v.intent('chat/setTarget', { threadId, participantId: 'gpt' })).toMatchObject({ ok: true });
    expect(targets().at(-1)).toBe('gpt');
    expect(await v.intent('chat/setTarget', { threadId: 'elsewhere', participantId: 'claude' })).toMatchObject({
      ok: false,
    });
    expect(await v.intent('chat/setTarget', { threadId, participantId: 'nobody' })).toMatchObject({ ok: false });
    expect(targets().at(-1)).toBe('gpt');
  });

  test('a Content Security Policy violation the page reports is logged as an error, with what was blocked', async () => {
    const { v, logs } = await twoAtTheTable();
    const done = await v.intent('view/cspViolation', {
      directive: 'script-src-elem',
      blocked: 'https://evil.example/x.js',
      sample: '',
    });
    expect(done).toMatchObject({ ok: true });
    expect(logs).toContain(
      "error The chat view's Content Security Policy blocked https://evil.example/x.js (script-src-elem).",
    );
  });
});

describe('ChatViewController: a seat that needs a login', () => {
  test('a message to it is answered with why and Sign in for that seat, and the composer’s context stays', async () => {
    const s = setup([], undefined, () => ({ claude: { kind: 'needs-login', provider: 'Claude' } }));
    const v = s.view();
    await v.ready();
    const threadId = v.lastState().thread.id;
    v.controller.context.add({ kind: 'selection', path: 'a.ts', range: [1, 1], content: 'x', language: 'typescript' });
    expect(await v.intent('chat/send', { threadId, text: 'hello' })).toEqual({
      requestId: 'r1',
      ok: false,
      reason: 'Not sent: Claude needs a Claude login.',
      action: { kind: 'signIn', participantId: 'claude' },
    });
    expect(v.controller.context.current).toHaveLength(1);
    expect(s.chat.calls).toEqual([]);
  });
});

describe('ChatViewController: what fixes a seat', () => {
  test('seat/fix does what the seat’s state says now, and nothing for a seat that can answer', async () => {
    const s = setup([], undefined, () => ({
      claude: { kind: 'needs-login', provider: 'Claude' },
      gpt: { kind: 'unavailable', reason: 'Codex is not installed', fix: 'install' },
      gemini: { kind: 'unavailable', reason: 'its login is disabled in CLIProxyAPI', fix: 'enable' },
      kimi: { kind: 'unavailable', reason: 'down' },
      grok: { kind: 'cooling', reason: 'quota', canReset: true },
    }));
    const v = s.view();
    await v.ready();
    for (const id of ['claude', 'gpt', 'gemini']) {
      expect(await v.intent('seat/fix', { participantId: id })).toMatchObject({ ok: true });
    }
    expect(s.opened).toEqual(['sign-in:claude', 'install:gpt', 'enable:gemini']);
    expect(await v.intent('seat/fix', { participantId: 'kimi' })).toMatchObject({
      ok: false,
      reason: 'Roundtable cannot fix that seat from here: down.',
    });
    for (const id of ['grok', 'nobody']) {
      expect(await v.intent('seat/fix', { participantId: id })).toMatchObject({
        ok: false,
        reason: 'That seat can answer now: there is nothing to fix.',
      });
    }
    expect(s.opened).toHaveLength(3);
  });
});
