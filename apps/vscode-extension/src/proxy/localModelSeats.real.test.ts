import { describeRealModel } from '@roundtable/testkit';
import { expect, test } from 'vitest';
import { checkProvider } from './providerHealth';
import { providerSeatMap, type SeatProbes } from './providerSeatMap';

// Three seats on three aliases of one llama.cpp server: the server answers to each, so each takes its seat.

/** The real server's model list; no CLI is seated here, so the CLI probes are never asked. */
const PROBES: SeatProbes = {
  http: checkProvider,
  clis: {
    detection: async () => ({ ok: false, problem: 'missing', reason: 'unused' }),
    login: async () => 'unknown',
    isSignedOut: () => false,
  },
};

describeRealModel('seats on the aliases of one llama.cpp server', (model) => {
  test('every alias the server lists is served, and no seat on one is left out', async () => {
    const health = await checkProvider(model().baseUrl);
    expect(health).toEqual({ ok: true, models: ['smol-a', 'smol-b', 'smol-c'] });
    const provider = { id: 'local', name: 'llama.cpp', baseUrl: model().baseUrl };
    const seats = ['ada', 'bob', 'cy'].map((id, i) => ({
      id,
      model: `smol-${'abc'[i]}`,
      enabled: true,
      provider: 'local',
    }));
    const unavailable = await providerSeatMap([provider], seats, PROBES);
    expect(unavailable).toEqual({});
  });

  test('a model it does not serve is still named as such', async () => {
    const provider = { id: 'local', name: 'llama.cpp', baseUrl: model().baseUrl };
    const seats = [{ id: 'dee', model: 'smol-d', enabled: true, provider: 'local' }];
    const unavailable = await providerSeatMap([provider], seats, PROBES);
    expect(unavailable).toEqual({
      dee: { kind: 'unavailable', reason: 'llama.cpp does not serve smol-d', fix: 'settings' },
    });
  });
});
