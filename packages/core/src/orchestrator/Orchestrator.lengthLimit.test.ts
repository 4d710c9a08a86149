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
