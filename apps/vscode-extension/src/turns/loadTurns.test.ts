import { describe, expect, test } from 'vitest';
import { lazyProviderSeatMap } from './loadTurns';

// The seats' check loads the turns' code only when some enabled seat sits on a listed provider: in a unit test there
// is no dist/turns.js, so loading it would throw.

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

  test('with one, loads the turns’ code to check it', async () => {
    const check = lazyProviderSeatMap(
      () => [local],
      () => [{ id: 'llama', model: 'llama3', enabled: true, provider: 'local' }],
      facts,
    );
    await expect(check()).rejects.toThrow(/turns\.js/);
  });
});
