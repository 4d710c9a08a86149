import { createServer, type Server } from 'node:net';
import { test } from 'vitest';
import { type Cleanups, isolated } from '../isolated';
import { readFrames } from '../readFrames';
import { type FakeUpstream, startFakeUpstream } from '../real/fakeUpstream';
import { freePort, type RealProxy, startRealProxy } from '../real/realProxy';
import { describeRealOnly } from './useTarget';

// How the real CLIProxyAPI process starts, stops and watches its supervisor: what a supervisor (the managed
// sidecar) must plan for. The fake proxy is in-process and has no such life, so these run on the real binary only.

const MODEL = 'lifecycle-model';

/** A real proxy and its upstream for one test; the tests run side by side, each with its own. */
async function start(
  cleanups: Cleanups,
  options: { password?: string; port?: number } = {},
): Promise<{ proxy: RealProxy; upstream: FakeUpstream }> {
  const upstream = await startFakeUpstream([MODEL]);
  cleanups.push(() => upstream.close());
  const proxy = await startRealProxy({
    upstreamBaseUrl: upstream.baseUrl,
    models: [MODEL],
    accessKeys: ['k'],
    ...options,
  });
  cleanups.push(() => proxy.close());
  return { proxy, upstream };
}

function chat(proxy: RealProxy) {
  return fetch(`${proxy.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer k' },
    body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'x' }] }),
  });
}

/** Reads a body to its end; the text, and how it ended (a clean end, or the connection torn). */
async function drain(response: Response): Promise<{ text: string; ending: 'end' | 'torn' }> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, ending: 'end' };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, ending: 'torn' };
  }
}

describeRealOnly('the CLIProxyAPI process', () => {
  test.concurrent(
    'SIGTERM during a reply: the reply is finished first, then the process exits 0',
    isolated(async (cleanups, expect) => {
      const { proxy, upstream } = await start(cleanups);
      upstream.enqueue(MODEL, {
        kind: 'reply',
        chunkDelayMs: 100,
        pieces: Array.from({ length: 10 }, (_, i) => `p${i} `),
      });
      const response = await chat(proxy);
      const reading = drain(response);
      await new Promise((resolve) => setTimeout(resolve, 250)); // a few pieces in
      proxy.process.kill('SIGTERM');
      const { text, ending } = await reading;
      expect(ending).toBe('end');
      expect(readFrames(text).data.at(-1)).toBe('[DONE]');
      expect(await proxy.exited).toEqual({ code: 0, signal: null });
    }),
  );

  test.concurrent(
    'SIGTERM during a provider stall: the process waits for the stream (about 30 s), then tears it without an error chunk',
    isolated(async (cleanups, expect) => {
      const { proxy, upstream } = await start(cleanups);
      upstream.enqueue(MODEL, { kind: 'stall', afterPieces: 2 });
      const response = await chat(proxy);
      const reading = drain(response);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signalledAt = Date.now();
      proxy.process.kill('SIGTERM');
      const { text, ending } = await reading;
      const waited = Date.now() - signalledAt;
      expect(ending).toBe('torn');
      expect(text).not.toContain('"error"');
      expect(waited).toBeGreaterThan(5_000); // it does not stop promptly: a supervisor must not count on that
      expect(await proxy.exited).toEqual({ code: 0, signal: null });
    }),
    60_000,
  );

  test.concurrent(
    '-password: /keep-alive takes the password three ways, and the process stops itself once the pings stop',
    isolated(async (cleanups, expect) => {
      const { proxy } = await start(cleanups, { password: 'local-pw' });
      const ping = (headers: HeadersInit) => fetch(`${proxy.url}/keep-alive`, { headers });
      expect((await ping({})).status).toBe(401);
      const wrong = await ping({ Authorization: 'Bearer nope' });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: 'invalid password' });
      const carriers: Record<string, string>[] = [
        { Authorization: 'Bearer local-pw' },
        { Authorization: 'local-pw' },
        { 'X-Local-Password': 'local-pw' },
      ];
      for (const headers of carriers) {
        expect((await ping(headers)).status).toBe(200);
      }
      // Pinged every 2 s for 14 s (past the 10 s watchdog): still alive.
      let exited = false;
      void proxy.exited.then(() => (exited = true));
      for (let i = 0; i < 7; i++) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(exited).toBe(false);
        await ping({ Authorization: 'Bearer local-pw' });
      }
      // No more pings: it shuts itself down, exit code 0.
      expect(await proxy.exited).toEqual({ code: 0, signal: null });
    }),
    60_000,
  );

  test.concurrent(
    'its own request off the machine (an Antigravity version check at start) is caught on loopback',
    isolated(async (cleanups, expect) => {
      const { proxy } = await start(cleanups);
      // startRealProxy aims the process's HTTP(S)_PROXY at a closed loopback port: the request must die there,
      // before any DNS lookup or connection to the internet.
      await expect
        .poll(() => proxy.output(), { timeout: 15_000 })
        .toMatch(/antigravity version.*proxyconnect tcp: dial tcp 127\.0\.0\.1:9/);
      expect(proxy.output()).not.toMatch(/lookup [a-z0-9.-]+\.[a-z]{2,}/i);
    }),
  );

  test.concurrent(
    'a port already taken: "started successfully" is printed, then the process exits 0',
    isolated(async (cleanups, expect) => {
      const port = await freePort();
      const blocker: Server = createServer();
      await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
      const { proxy } = await start(cleanups, { port });
      expect(await proxy.exited).toEqual({ code: 0, signal: null });
      expect(proxy.output()).toContain(`API server started successfully on: 127.0.0.1:${port}`);
      expect(proxy.output()).toContain('address already in use');
    }),
  );
});
