import { expect, test } from 'vitest';
import { describeRealModel } from './describeRealModel';
import { realModelCache, realModelPython, venvPython } from './realModelInstall';

test('the venv Python is Scripts\\python.exe on Windows and bin/python elsewhere', () => {
  expect(venvPython('C:\\cache\\venv', 'win32')).toBe('C:\\cache\\venv\\Scripts\\python.exe');
  expect(venvPython('/cache/venv', 'darwin')).toBe('/cache/venv/bin/python');
});

test('the cache follows ROUNDTABLE_REAL_MODEL_CACHE, then XDG_CACHE_HOME', () => {
  expect(realModelCache({ ROUNDTABLE_REAL_MODEL_CACHE: '/x/cache' })).toBe('/x/cache');
  expect(realModelCache({ XDG_CACHE_HOME: '/xdg' })).toMatch(/^\/xdg[/\\]roundtable-real-model$/);
});

test('a cache without the model says how to install it', () => {
  const found = realModelPython({ ROUNDTABLE_REAL_MODEL_CACHE: '/nonexistent/roundtable-cache' });
  expect(found).toEqual({ ok: false, reason: expect.stringContaining('scripts/real-model/install.sh') });
});

describeRealModel('the test model server', (model) => {
  test('answers on loopback, lists every alias, and streams a capped reply', async () => {
    expect(model().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const list = (await (await fetch(`${model().baseUrl}/models`)).json()) as {
      data: { id: string; aliases?: string[] }[];
    };
    expect(list.data[0]?.aliases).toEqual(expect.arrayContaining(['smol-a', 'smol-b', 'smol-c']));
    const res = await fetch(`${model().baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'smol-c',
        stream: true,
        max_tokens: 4,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    const text = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(text).toContain('"finish_reason":"length"');
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });
});

describeRealModel('a test model server whose parent is gone', (model) => {
  test('exits when its stdin closes, so a killed test run leaves no server behind', async () => {
    const child = model().process;
    const exited = new Promise((resolve) => child.once('close', resolve));
    child.stdin?.end();
    await exited;
    await expect(fetch(`${model().url}/health`)).rejects.toThrow();
  }, 20_000);
});
