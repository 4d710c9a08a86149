import { describeRealModel } from '@roundtable/testkit';
import { expect, test } from 'vitest';
import { parseProviderSettings } from '../adapters/readProviders';
import { parseServerAddress, probeServer } from './probeLocalServers';
import { planSeating } from './seatLocalModels';

// Add a Local Model Server against llama.cpp's own server (the pinned test model, serving the aliases smol-a, smol-b
// and smol-c), found through the box where the user types a port: it lists every alias, and a seat written for one
// is answered at the address the provider entry holds.

describeRealModel('Add a Local Model Server finds llama.cpp at a typed port', (model) => {
  test('the port typed is probed, named llama.cpp, and lists all three aliases', async () => {
    const port = new URL(model().url).port;
    const address = parseServerAddress(port);
    expect(address).toEqual({ ok: true, apiBase: model().baseUrl });
    const result = await probeServer(address.ok ? address.apiBase : '');
    expect(result).toEqual({
      ok: true,
      server: {
        kind: 'llamacpp',
        label: `llama.cpp at 127.0.0.1:${port}`,
        apiBase: model().baseUrl,
        models: ['smol-a', 'smol-b', 'smol-c'],
      },
    });
  });

  test('a seat written for an alias is answered at the provider’s base URL', async () => {
    const result = await probeServer(model().baseUrl);
    if (!result.ok) throw new Error(result.reason);
    const planned = planSeating({ participants: [], providers: [] }, result.server, ['smol-b']);
    if (!planned.ok) throw new Error(planned.reason);
    const [provider] = parseProviderSettings(planned.plan.providers).providers;
    const [seat] = planned.plan.seats;
    expect(provider && 'baseUrl' in provider && provider.baseUrl).toBe(model().baseUrl);
    const response = await fetch(`${provider && 'baseUrl' in provider ? provider.baseUrl : ''}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: seat?.model, messages: [{ role: 'user', content: 'Hi' }], max_tokens: 2 }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    expect(typeof body.choices?.[0]?.message?.content).toBe('string');
  }, 60_000);
});
