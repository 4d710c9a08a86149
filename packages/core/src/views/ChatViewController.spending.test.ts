import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup, storedThread } from '../../test/support/viewSetup';
import type { HostToWebview } from '../protocol/messages';
import { MemoryThreadStorage } from '../testing';
import type { Transcript } from '../transcript/schema';

ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

// The views' clock starts at 2026-01-01T00:00Z. "Today" is the host's local day, so these tests look at the last 5
// hours (the same in every zone), and at today only where it cannot differ: a reply that ended just now.

/** A thread whose claude reply ended at 23:00:01 the evening before, 100 tokens in and 10 out. */
function spentLastNight(): Transcript {
  const t = storedThread('old', 2, '2025-12-31T23:00:01.000Z');
  const [question, answer] = t.messages;
  if (!question || !answer) throw new Error('fixture');
  const at = '2025-12-31T23:00:00.000Z';
  return {
    ...t,
    createdAt: at,
    messages: [
      { ...question, createdAt: at },
      { ...answer, createdAt: at, usage: { inputTokens: 100, outputTokens: 10 }, timing: { totalMs: 1_000 } },
    ],
  };
}

const spendingSent = (posted: readonly HostToWebview[]) =>
  posted.flatMap((m) => (m.type === 'spending/changed' ? [m.payload.seats] : []));

/** The sums the page holds now: the last a state carried or an update sent. */
const latest = (posted: readonly HostToWebview[]) =>
  posted
    .flatMap((m) =>
      m.type === 'spending/changed'
        ? [m.payload.seats]
        : m.type === 'view/state' && m.payload.spending
          ? [m.payload.spending]
          : [],
    )
    .at(-1);

describe('ChatViewController: what each seat spent', () => {
  test('the sums from the index follow the first state; a reply that ends sends new ones; time rolls them out', async () => {
    const { view, chat, clock } = setup([spentLastNight()]);
    const v = view();
    await v.ready();
    // The first state does not wait for the sums' code: they follow it.
    expect(v.posted[0]?.type === 'view/state' && v.posted[0].payload.spending).toBe(undefined);
    await vi.waitFor(() =>
      expect(latest(v.posted)?.claude?.last5h).toEqual({ requests: 1, inputTokens: 100, outputTokens: 10 }),
    );
    const before = spendingSent(v.posted).length;

    const threadId = v.lastState().thread.id;
    await v.intent('chat/send', { threadId, text: 'hello' });
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'Hi' });
    call.emit({ type: 'usage', usage: { inputTokens: 7, outputTokens: 3 } });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await vi.waitFor(() => expect(spendingSent(v.posted)).toHaveLength(before + 1));
    const afterReply = spendingSent(v.posted).at(-1);
    expect(afterReply?.claude?.last5h).toEqual({ requests: 2, inputTokens: 107, outputTokens: 13 });
    expect(afterReply?.claude?.today.requests).toBeGreaterThanOrEqual(1);

    // Nothing changes until a bucket leaves the window: the 23:00 one at 04:15, when only today's reply is left.
    clock.advance(4 * 3_600_000 + 14 * 60_000);
    expect(spendingSent(v.posted)).toHaveLength(before + 1);
    clock.advance(60_000);
    expect(spendingSent(v.posted).at(-1)?.claude?.last5h).toEqual({ requests: 1, inputTokens: 7, outputTokens: 3 });
    // And at 05:15 the rest: a seat that spent nothing lately in either window would be left out altogether.
    clock.advance(3_600_000);
    expect(spendingSent(v.posted).at(-1)?.claude?.last5h).toEqual({ requests: 0, inputTokens: 0, outputTokens: 0 });
  });

  test('a hidden view sends nothing and keeps no timer; its next state has the sums as they are', async () => {
    const { view, clock } = setup([spentLastNight()]);
    const v = view();
    await v.ready();
    await vi.waitFor(() => expect(latest(v.posted)?.claude?.last5h.requests).toBe(1));
    v.controller.markHidden();
    const before = v.posted.length;
    clock.advance(6 * 3_600_000);
    expect(v.posted.length).toBe(before);
    await v.ready();
    expect(v.lastState().spending?.claude?.last5h.requests ?? 0).toBe(0);
  });

  test('two windows share the threads: a reply in one is counted once in both', async () => {
    const storage = new MemoryThreadStorage();
    const a = setup([spentLastNight()], storage);
    const b = setup([], storage);
    const va = a.view();
    const vb = b.view();
    await va.ready();
    await vb.ready();
    await vi.waitFor(() => expect(latest(vb.posted)).toBeDefined());
    const threadId = va.lastState().thread.id;
    await va.intent('chat/send', { threadId, text: 'hello' });
    const call = await a.chat.call(0);
    call.emit({ type: 'delta', text: 'Hi' });
    call.emit({ type: 'usage', usage: { inputTokens: 7, outputTokens: 3 } });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await a.orchestrator.store.flush();
    await b.orchestrator.store.settled();
    const expected = { requests: 2, inputTokens: 107, outputTokens: 13 };
    await vi.waitFor(() => expect(latest(vb.posted)?.claude?.last5h).toEqual(expected));
    expect(latest(va.posted)?.claude?.last5h).toEqual(expected);
  });
});
