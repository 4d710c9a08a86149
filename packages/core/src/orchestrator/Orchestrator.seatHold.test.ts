import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import type { SeatMap } from '../protocol/proxyStatus';

ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

/** Seats the test can change, as the managed proxy's logins change. */
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

describe('a turn for a seat that needs a login is held, not sent', () => {
  test('a message to it is refused with why and Sign in for that seat; nothing is stored or requested', () => {
    const seats = seatsOf(CLAUDE_LOGIN);
    const { orchestrator, chat, openThread, messages } = setup({ participants: [claude, gpt], seats: seats.read });
    const t = openThread();
    expect(orchestrator.send(t, 'hello')).toEqual({
      ok: false,
      reason: 'Not sent: Claude needs a Claude login. Sign in, then send it again.',
      action: { kind: 'signIn', participantId: 'claude' },
    });
    expect(messages(t)).toEqual([]);
    expect(chat.calls).toEqual([]);
    expect(orchestrator.runner.isBusy(t)).toBe(false);
  });

  test('a message to several names every seat that needs a login, and offers the first', () => {
    const seats = seatsOf({ ...CLAUDE_LOGIN, gemini: { kind: 'needs-login', provider: 'Gemini' } });
    const { orchestrator, chat, openThread } = setup({ participants: [claude, gpt, gemini], seats: seats.read });
    const t = openThread();
    expect(orchestrator.send(t, '@all hello')).toMatchObject({
      ok: false,
      reason: 'Not sent: Claude (Claude) and Gemini (Gemini) need a login. Sign in, then send it again.',
      action: { participantId: 'claude' },
    });
    expect(chat.calls).toEqual([]);
  });

  test('a seat that is served, paused or unavailable is not held (only a missing login is certain to fail)', async () => {
    const seats = seatsOf({ claude: { kind: 'cooling', reason: 'quota', canReset: true } });
    const { orchestrator, chat, openThread, idle } = setup({ participants: [claude, gpt], seats: seats.read });
    const t = openThread();
    expect(orchestrator.send(t, '@gpt hello')).toEqual({ ok: true });
    await chat.reply(0, 'hi');
    await idle(t);
    expect(orchestrator.send(t, '@claude hello')).toEqual({ ok: true });
    await chat.reply(1, 'hi');
    await idle(t);
  });

  test('once signed in, the same message goes', async () => {
    const seats = seatsOf(CLAUDE_LOGIN);
    const { orchestrator, chat, openThread, idle } = setup({ participants: [claude], seats: seats.read });
    const t = openThread();
    expect(orchestrator.send(t, 'hello').ok).toBe(false);
    seats.set({});
    expect(orchestrator.send(t, 'hello')).toEqual({ ok: true });
    expect((await chat.call(0)).model).toBe('claude-sonnet-4-6');
    await chat.reply(0, 'hi');
    await idle(t);
  });

  test('retry, Regenerate as…, another round and a review of a seat that needs a login are held too', async () => {
    const seats = seatsOf({});
    const { orchestrator, chat, openThread, idle, messages } = setup({
      participants: [claude, gpt],
      seats: seats.read,
    });
    const t = openThread();
    orchestrator.send(t, '@claude hello');
    await chat.partial(0, 'half');
    orchestrator.stop(t);
    await idle(t);
    orchestrator.send(t, '@all and now?');
    await chat.reply(1, 'claude says hi');
    await chat.reply(2, 'gpt says hi');
    await idle(t);
    const [, stopped] = messages(t);
    const answered = messages(t).at(-1);
    expect(answered?.speaker).toBe('gpt');
    expect(stopped?.status).toBe('cancelled');
    seats.set(CLAUDE_LOGIN);
    const held = { ok: false, action: { kind: 'signIn', participantId: 'claude' } };
    expect(orchestrator.retry(t, stopped?.id ?? '')).toMatchObject(held);
    expect(orchestrator.regenerateAs(t, answered?.id ?? '', 'claude')).toMatchObject(held);
    expect(orchestrator.anotherRound(t)).toMatchObject(held);
    expect(orchestrator.review(t, answered?.id ?? '')).toMatchObject(held);
    expect(chat.calls).toHaveLength(3);
  });
});
