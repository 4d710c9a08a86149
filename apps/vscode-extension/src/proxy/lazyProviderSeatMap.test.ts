import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { lazyProviderSeatMap } from './lazyProviderSeatMap';

// The seats' check asks a provider only when some enabled seat sits on it.

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const facts = {
  detection: async (): Promise<never> => {
    throw new Error('no CLI is asked');
  },
  login: async (): Promise<never> => {
    throw new Error('no CLI is asked');
  },
  isSignedOut: () => false,
};
const local = { id: 'local', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' };

describe('lazyProviderSeatMap', () => {
  test('with no seat on a listed provider, finds nothing to check and loads nothing', async () => {
    const participants = [
      { id: 'claude', model: 'claude-sonnet-4-6', enabled: true },
      { id: 'llama', model: 'llama3', enabled: false, provider: 'local' },
      { id: 'ghost', model: 'x', enabled: true, provider: 'unlisted' },
    ];
    expect(
      await lazyProviderSeatMap(
        () => [local],
        () => participants,
        facts,
      )(),
    ).toEqual({});
  });

  test('with one, checks its provider: one that does not answer leaves the seat unavailable', async () => {
    const down = { ...local, baseUrl: `http://127.0.0.1:${await closedPort()}/v1` };
    const check = lazyProviderSeatMap(
      () => [down],
      () => [{ id: 'llama', model: 'llama3', enabled: true, provider: 'local' }],
      facts,
    );
    expect(await check()).toMatchObject({ llama: { kind: 'unavailable' } });
  });
});
