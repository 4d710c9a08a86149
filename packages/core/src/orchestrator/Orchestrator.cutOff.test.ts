import { afterEach, describe, expect, test, vi } from 'vitest';
import { leftByACrash } from '../../test/support/crashedThread';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gpt, setup } from '../../test/support/orchestratorSetup';
import { SAVE_TIMING } from '../store/saveScheduler';
import { LEASE_STALE_MS } from '../transcript/turnLease';
import { unfinishedPlan } from './unfinishedPlan';

// A thread left by a window that died in the middle of a turn: what the next window to open it finds, and what the
// user can do with the reply that was cut off.

const own = ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

async function opened(after: number) {
  const s = setup({ participants: [claude, gpt], stored: [leftByACrash()] });
  s.clock.advance(after);
  const result = await s.orchestrator.store.open('t1');
  if (!result.ok) throw new Error(result.reason);
  own.add(result.lease);
  await vi.waitFor(() => expect(s.orchestrator.store.leases()).toBeDefined());
  return s;
}

describe('a turn cut off when its window died', () => {
  test('is not touched while its lease could still be renewed, and is cut off once it is stale', async () => {
    const s = await opened(LEASE_STALE_MS - 1_000);
    expect(s.messages('t1')[1]).toMatchObject({ status: 'streaming', content: 'Because the ind' });
    const transcript = s.orchestrator.store.transcript('t1');
    expect(transcript && unfinishedPlan(transcript, s.orchestrator.runner, s.orchestrator.table)).toBeUndefined();
    // Left open, the thread wakes when the lease goes stale, without being read again.
    s.clock.advance(2_000);
    await vi.waitFor(() => expect(s.messages('t1')[1]).toMatchObject({ status: 'cancelled', cutOff: true }));
    s.clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() =>
      expect(s.repository.stored('t1')?.leases?.[0]).toMatchObject({ token: 'dead', interrupted: true }),
    );
  });

  test('opened later: the reply keeps its text, marked cut off, and Continue runs only who had not answered', async () => {
    const s = await opened(LEASE_STALE_MS + 1_000);
    expect(s.messages('t1')[1]).toMatchObject({ status: 'cancelled', cutOff: true, content: 'Because the ind' });
    const transcript = s.orchestrator.store.transcript('t1');
    const open = transcript && unfinishedPlan(transcript, s.orchestrator.runner, s.orchestrator.table);
    expect(open).toMatchObject({ from: 0, seats: ['gpt'], cutOff: true });
    expect(await s.orchestrator.continueSkipped('t1')).toEqual({ ok: true });
    await s.chat.reply(0, 'GPT here');
    await s.idle('t1');
    expect(s.messages('t1').map((m) => [m.speaker, m.status])).toEqual([
      ['user', 'complete'],
      ['claude', 'cancelled'],
      ['gpt', 'complete'],
    ]);
    await s.orchestrator.store.flush();
    const leases = s.repository.stored('t1')?.leases ?? [];
    expect(leases.map((l) => [l.owner, l.ended !== undefined, l.interrupted ?? false])).toEqual([
      ['dead-window', true, true],
      [expect.not.stringMatching('dead-window'), true, false],
    ]);
  });

  test('the cut-off reply can be retried, and deleted, and the thread is written each time', async () => {
    const s = await opened(LEASE_STALE_MS + 1_000);
    expect(await s.orchestrator.retry('t1', 'r1')).toEqual({ ok: true });
    await s.chat.reply(0, 'Because the index is stale.');
    await s.idle('t1');
    await s.orchestrator.store.flush();
    expect(s.repository.stored('t1')?.messages[1]).toMatchObject({ status: 'complete', attempt: 2 });
    expect(s.repository.stored('t1')?.messages[1]?.cutOff).toBeUndefined();

    const again = await opened(LEASE_STALE_MS + 1_000);
    expect(again.orchestrator.deleteMessage('t1', 'r1')).toEqual({ ok: true });
    await again.orchestrator.store.flush();
    expect(again.repository.stored('t1')?.messages[1]).toMatchObject({ status: 'deleted', content: '' });
    expect(again.repository.stored('t1')?.messages[1]?.cutOff).toBeUndefined();
    expect(again.logs.filter((l) => l.startsWith('error'))).toEqual([]);
  });
});
