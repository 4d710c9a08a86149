import { isSidecarUp, type SidecarStatus } from '@roundtable/core/protocol';
import { FakeClock, RecordingLogger } from '@roundtable/core/testing';
import { type FakeProxy, freePort, startFakeProxy } from '@roundtable/testkit';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveProxyEndpoint } from './endpoint';
import { ProxyMonitor, RED_RECHECK_MS } from './ProxyMonitor';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function setup(port: number, options: { accessKey?: string; participants?: string[] } = {}) {
  const clock = new FakeClock();
  const logger = new RecordingLogger();
  const lines = logger.lines;
  const seen: SidecarStatus[] = [];
  const monitor = new ProxyMonitor({
    endpoint: async () => ({ ok: true, root: `http://127.0.0.1:${port}`, apiBase: `http://127.0.0.1:${port}/v1` }),
    accessKey: async () => options.accessKey,
    participants: () =>
      options.participants
        ? options.participants.map((model, i) => ({ id: `p${i}`, model, enabled: true }))
        : [{ id: 'claude', model: 'claude-sonnet-4-6', enabled: true }],
    logger,
    clock,
  });
  monitor.onDidChange((status) => seen.push(status));
  cleanup.push(() => monitor.dispose());
  return { clock, lines, seen, monitor };
}

async function proxyOn(port: number): Promise<FakeProxy> {
  const proxy = await startFakeProxy({ port });
  cleanup.push(() => proxy.close());
  return proxy;
}

describe('ProxyMonitor', () => {
  test('while the proxy is down it rechecks on a back-off, and turns green on its own once it is back', async () => {
    const port = await freePort();
    const { clock, seen, monitor } = setup(port);
    await monitor.check();
    expect(monitor.current).toMatchObject({
      state: 'unhealthy',
      detail: expect.stringContaining('Cannot reach CLIProxyAPI'),
    });
    expect(clock.pendingTimers).toBe(1);

    // Still down: the next recheck waits longer (2 s, then 4 s).
    clock.advance(RED_RECHECK_MS[0]);
    await expect.poll(() => clock.pendingTimers).toBe(1);
    const proxy = await proxyOn(port);
    clock.advance(RED_RECHECK_MS[0]);
    expect(proxy.requests).toHaveLength(0); // 2 s is not yet 4 s
    clock.advance(RED_RECHECK_MS[1] - RED_RECHECK_MS[0]);
    await expect.poll(() => isSidecarUp(monitor.current)).toBe(true);
    expect(proxy.requests.map((r) => r.path)).toEqual(['/v1/models']);
    expect(clock.pendingTimers).toBe(0); // no polling while green
    expect(seen.map((s) => s.state)).toEqual(['unhealthy', 'healthy']); // an unchanged red is not reported again
  });

  test('a failed reply rechecks, so the pill goes red when the proxy has gone away', async () => {
    const port = await freePort();
    const proxy = await proxyOn(port);
    const { monitor } = setup(port);
    await monitor.check();
    expect(isSidecarUp(monitor.current)).toBe(true);
    await proxy.close();
    monitor.noteReply(false);
    await expect.poll(() => isSidecarUp(monitor.current)).toBe(false);
  });

  test('a reply that succeeds while the pill is red turns it green; one while green asks nothing', async () => {
    const port = await freePort();
    const { monitor } = setup(port);
    await monitor.check();
    expect(isSidecarUp(monitor.current)).toBe(false);
    const proxy = await proxyOn(port);
    monitor.noteReply(true);
    await expect.poll(() => isSidecarUp(monitor.current)).toBe(true);
    const asked = proxy.requests.length;
    monitor.noteReply(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(proxy.requests.length).toBe(asked);
  });

  test('a status is logged when it changes, not on every recheck', async () => {
    const port = await freePort();
    const { clock, lines, monitor } = setup(port);
    await monitor.check();
    for (const wait of RED_RECHECK_MS) {
      clock.advance(wait);
      await expect.poll(() => clock.pendingTimers).toBe(1);
    }
    await monitor.check();
    expect(lines.filter((line) => line.startsWith('info: Proxy status'))).toHaveLength(1);
  });

  test('a seat whose model it does not serve is unavailable while it is up; a change is reported once', async () => {
    const port = await freePort();
    const { monitor } = setup(port, { participants: ['claude-sonnet-4-6', 'gemini-3-flash'] });
    const seen: unknown[] = [];
    monitor.seats.onDidChange((seats) => seen.push(seats));
    const proxy = await startFakeProxy({ port, models: ['gpt-5.5', 'claude-sonnet-4-6'] });
    await monitor.check();
    const gemini = { kind: 'unavailable', reason: 'CLIProxyAPI does not serve gemini-3-flash', fix: 'settings' };
    expect(monitor.seats.current).toEqual({ p1: gemini });
    await monitor.check(); // the same list: nothing to report
    expect(seen).toHaveLength(1);
    await proxy.close();
    await monitor.check(); // down: nothing is known of its models (the pill says it is down)
    expect(monitor.seats.current).toEqual({});
    expect(seen).toHaveLength(2);
  });

  test('a model it listed before and lists no more (a login it paused) keeps its seat: the proxy’s error says why', async () => {
    const port = await freePort();
    const { monitor } = setup(port, { participants: ['claude-sonnet-4-6', 'gemini-3-flash'] });
    const both = await startFakeProxy({ port, models: ['claude-sonnet-4-6', 'gemini-3-flash'] });
    await monitor.check();
    expect(monitor.seats.current).toEqual({});
    await both.close();
    const one = await startFakeProxy({ port, models: ['claude-sonnet-4-6'] });
    cleanup.push(() => one.close());
    await monitor.check();
    expect(monitor.seats.current).toEqual({});
  });

  test('disposing stops the back-off', async () => {
    const { clock, monitor } = setup(await freePort());
    await monitor.check();
    expect(clock.pendingTimers).toBe(1);
    monitor.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  test.each([
    'https://example.com',
    'http://10.0.0.1:8317',
    'http://169.254.169.254',
    'http://127.0.0.1.nip.io:8317',
    'http://167772161:8317/v1',
  ])('a proxy URL off this machine (%s) is refused before any request, with the reason on the pill', async (url) => {
    const calls: string[] = [];
    const dnsAsked: string[] = [];
    const monitor = new ProxyMonitor({
      endpoint: () =>
        resolveProxyEndpoint({ mode: 'external', port: 8317, externalUrl: url }, async (host) => {
          dnsAsked.push(host);
          return host === '127.0.0.1.nip.io' ? ['203.0.113.7'] : ['93.184.215.14'];
        }),
      accessKey: async () => 'local-key',
      participants: () => [],
      logger: { trace() {}, info() {}, warn() {}, error() {} },
      clock: new FakeClock(),
      fetch: async (input) => {
        calls.push(String(input));
        throw new Error('no request may leave the machine');
      },
    });
    cleanup.push(() => monitor.dispose());
    await monitor.check();
    expect(calls).toEqual([]);
    expect(isSidecarUp(monitor.current)).toBe(false);
    expect(monitor.current.detail).toContain('only talks to a CLIProxyAPI on this machine');
    expect(dnsAsked.length).toBeLessThanOrEqual(1);
  });
});
