import { Emitter } from '@roundtable/core';
import type { SeatMap, SidecarStatus } from '@roundtable/core/protocol';
import { describe, expect, test, vi } from 'vitest';
import { DeferredManaged } from './DeferredManaged';
import type { ManagedSidecar } from './managedApi';

/** A managed proxy double: its status and seats can be changed, and its calls are recorded. */
function fakeManaged() {
  const status = new Emitter<SidecarStatus>();
  const seats = new Emitter<SeatMap>();
  const state = { current: { state: 'healthy', detail: 'up' } as SidecarStatus, seats: {} as SeatMap };
  const managed = {
    get current() {
      return state.current;
    },
    onDidChange: status.event,
    url: () => 'http://127.0.0.1:8317',
    accessKey: vi.fn(async () => 'key'),
    restart: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    loginProviders: () => [{ id: 'claude', label: 'Claude' }],
    login: vi.fn(async () => ({ kind: 'ok' as const })),
    terminalLogin: async () => undefined,
    seats: {
      get current() {
        return state.seats;
      },
      onDidChange: seats.event,
    },
    seatProvider: () => 'claude',
    resetSeat: async () => ({ ok: true as const }),
    enableSeat: async () => ({ ok: true as const }),
    noteReplyFailed: vi.fn(),
    diagnostics: () => ({ port: '8317' }),
    dispose: vi.fn(),
  } satisfies ManagedSidecar;
  return { managed, status, seats, state };
}

describe('DeferredManaged', () => {
  test('before it starts: "starting", no seats, nothing to stop, and nothing loaded', async () => {
    const start = vi.fn(async () => fakeManaged().managed);
    const deferred = new DeferredManaged(start);
    expect(deferred.current.state).toBe('starting');
    expect(deferred.seats.current).toEqual({});
    expect(deferred.url()).toBeUndefined();
    deferred.noteReplyFailed();
    await deferred.stop();
    expect(deferred.diagnostics()).toEqual({ managed: expect.stringContaining('not started') });
    expect(start).not.toHaveBeenCalled();
    deferred.dispose();
  });

  test('a reply’s key starts it; its status and seats come through from then on; it starts once', async () => {
    const fake = fakeManaged();
    const start = vi.fn(async () => fake.managed);
    const deferred = new DeferredManaged(start);
    const statuses: string[] = [];
    const seatMaps: SeatMap[] = [];
    deferred.onDidChange((s) => statuses.push(s.state));
    deferred.seats.onDidChange((s) => seatMaps.push(s));
    expect(await deferred.accessKey()).toBe('key');
    expect(statuses).toEqual(['healthy']);
    fake.state.current = { state: 'unhealthy', detail: 'down' };
    fake.status.fire(fake.state.current);
    fake.state.seats = { claude: { kind: 'needs-login', provider: 'claude' } };
    fake.seats.fire(fake.state.seats);
    expect(statuses).toEqual(['healthy', 'unhealthy']);
    expect(deferred.seats.current).toEqual(fake.state.seats);
    expect(seatMaps.at(-1)).toEqual(fake.state.seats);
    await deferred.restart();
    await deferred.loaded();
    expect(start).toHaveBeenCalledOnce();
    await deferred.stop();
    expect(fake.managed.stop).toHaveBeenCalledOnce();
    deferred.dispose();
    expect(fake.managed.dispose).toHaveBeenCalledOnce();
  });

  test('disposed before it started, it never starts', async () => {
    const start = vi.fn(async () => fakeManaged().managed);
    const deferred = new DeferredManaged(start);
    deferred.dispose();
    await expect(deferred.loaded()).rejects.toThrow(/stopped/);
    expect(start).not.toHaveBeenCalled();
  });

  test('disposed while its code was loading, the proxy it started is disposed at once', async () => {
    const fake = fakeManaged();
    let release: (managed: typeof fake.managed) => void = () => {};
    const deferred = new DeferredManaged(() => new Promise((resolve) => (release = resolve)));
    const loading = deferred.loaded();
    deferred.dispose();
    release(fake.managed);
    await expect(loading).rejects.toThrow(/stopped/);
    expect(fake.managed.dispose).toHaveBeenCalledOnce();
    expect(deferred.isStarted).toBe(false);
  });
});
