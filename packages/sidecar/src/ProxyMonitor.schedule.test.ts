import { isSidecarUp } from '@roundtable/core/protocol';
import { FakeClock, RecordingLogger } from '@roundtable/core/testing';
import { freePort, startFakeProxy } from '@roundtable/testkit';
import { afterEach, expect, test } from 'vitest';
import { ProxyMonitor } from './ProxyMonitor';
import { RecheckSchedule, VISIBLE_RECHECK_MS } from './recheckSchedule';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

test('with a view visible, the pill goes red when the proxy dies and green when it is back, with nobody sending', async () => {
  const port = await freePort();
  let proxy = await startFakeProxy({ port });
  cleanup.push(() => proxy.close());
  const clock = new FakeClock();
  const monitor = new ProxyMonitor({
    endpoint: async () => ({ ok: true, root: `http://127.0.0.1:${port}`, apiBase: `http://127.0.0.1:${port}/v1` }),
    accessKey: async () => undefined,
    participants: () => [{ id: 'claude', model: 'claude-sonnet-4-6', enabled: true }],
    logger: new RecordingLogger(),
    clock,
  });
  const schedule = new RecheckSchedule({ clock, check: () => void monitor.check() });
  cleanup.push(
    () => schedule.dispose(),
    () => monitor.dispose(),
  );
  schedule.setVisible(true);
  schedule.start();
  clock.advance(0);
  await expect.poll(() => monitor.current.state).toBe('healthy');

  await proxy.close();
  // Green keeps no timer of the monitor's own: only the schedule can find out, within its 15 s (the goal is 20 s).
  clock.advance(VISIBLE_RECHECK_MS - 1);
  expect(isSidecarUp(monitor.current)).toBe(true);
  clock.advance(1);
  await expect.poll(() => monitor.current.state).toBe('unhealthy');

  proxy = await startFakeProxy({ port });
  // Back within one interval however far the monitor's own red back-off has grown (up to 30 s).
  clock.advance(VISIBLE_RECHECK_MS);
  await expect.poll(() => monitor.current.state).toBe('healthy');
  expect(proxy.requests.map((r) => r.path)).toContain('/v1/models');
});
