import { Emitter, type Logger } from '@roundtable/core';
import type { SeatMap } from '@roundtable/core/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderConfig } from '../adapters/readProviders';
import type { ProviderHealth } from './providerHealth';
import { providerSeatMap } from './providerSeatMap';
import { JoinedSeats, ProviderSeats } from './providerSeats';

const logger: Logger = { trace() {}, info() {}, warn() {}, error() {} };
const local: ProviderConfig = { id: 'local', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' };
const copilot: ProviderConfig = { id: 'copilot', name: 'Copilot', baseUrl: 'http://127.0.0.1:4141/v1' };
const noClis = {
  detection: async (): Promise<never> => {
    throw new Error('no CLI here');
  },
  login: async (): Promise<never> => {
    throw new Error('no CLI here');
  },
  isSignedOut: () => false,
};
const made: ProviderSeats[] = [];
afterEach(() => {
  for (const s of made.splice(0)) s.dispose();
});

function seats(
  participants: { id: string; model: string; enabled: boolean; provider?: string }[],
  health: Record<string, ProviderHealth>,
) {
  const asked: string[] = [];
  const source = new ProviderSeats({
    seatMap: () =>
      providerSeatMap([local, copilot], participants, {
        http: async (baseUrl) => {
          asked.push(baseUrl);
          return health[baseUrl] ?? { ok: false, reason: 'unexpected' };
        },
        clis: noClis,
      }),
    logger,
  });
  made.push(source);
  return { source, asked };
}

describe('ProviderSeats', () => {
  it('lists a seat whose provider is down, or does not serve its model; asks only providers someone sits on', async () => {
    const { source, asked } = seats(
      [
        { id: 'claude', model: 'claude-sonnet-4-6', enabled: true },
        { id: 'llama', model: 'llama3', enabled: true, provider: 'local' },
        { id: 'qwen', model: 'qwen3', enabled: true, provider: 'local' },
        { id: 'off', model: 'x', enabled: false, provider: 'copilot' },
      ],
      { [local.baseUrl]: { ok: true, models: ['llama3'] } },
    );
    const fired: SeatMap[] = [];
    source.onDidChange((m) => fired.push(m));
    await source.refresh();
    expect(asked).toEqual([local.baseUrl]);
    expect(source.current).toEqual({
      qwen: { kind: 'unavailable', reason: 'Ollama does not serve qwen3', fix: 'settings' },
    });
    expect(fired).toHaveLength(1);
    // The same answer again: no change to report.
    await source.refresh();
    expect(fired).toHaveLength(1);
  });

  it('says why a provider is down', async () => {
    const { source } = seats([{ id: 'gpt', model: 'gpt-4.1', enabled: true, provider: 'copilot' }], {
      [copilot.baseUrl]: { ok: false, reason: 'nothing is listening at http://127.0.0.1:4141/v1' },
    });
    await source.refresh();
    expect(source.current).toEqual({
      gpt: {
        kind: 'unavailable',
        reason: 'Copilot is down: nothing is listening at http://127.0.0.1:4141/v1',
        fix: 'settings',
      },
    });
  });

  it('joins the checks asked for while one runs into one more, not one each', async () => {
    let release: () => void = () => {};
    const asked: string[] = [];
    const source = new ProviderSeats({
      seatMap: () =>
        providerSeatMap([local], [{ id: 'llama', model: 'llama3', enabled: true, provider: 'local' }], {
          http: async (baseUrl) => {
            asked.push(baseUrl);
            await new Promise<void>((resolve) => (release = resolve));
            return { ok: true, models: ['llama3'] };
          },
          clis: noClis,
        }),
      logger,
    });
    made.push(source);
    const first = source.refresh();
    void source.refresh();
    void source.refresh();
    expect(asked).toHaveLength(1);
    release();
    await first;
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toHaveLength(2);
  });
});

describe('JoinedSeats', () => {
  it('is both maps, and reports a change of either', () => {
    const a = {
      current: { x: { kind: 'needs-login', provider: 'Claude' } } as SeatMap,
      emitter: new Emitter<SeatMap>(),
    };
    const b = { current: {} as SeatMap, emitter: new Emitter<SeatMap>() };
    const joined = new JoinedSeats([
      {
        get current() {
          return a.current;
        },
        onDidChange: a.emitter.event,
      },
      {
        get current() {
          return b.current;
        },
        onDidChange: b.emitter.event,
      },
    ]);
    const fired: SeatMap[] = [];
    joined.onDidChange((m) => fired.push(m));
    b.current = { y: { kind: 'unavailable', reason: 'down' } };
    b.emitter.fire(b.current);
    expect(fired).toEqual([{ x: a.current.x, y: b.current.y }]);
    joined.dispose();
    a.emitter.fire(a.current);
    expect(fired).toHaveLength(1);
  });
});
