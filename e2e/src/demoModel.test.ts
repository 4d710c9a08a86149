import { REQUIRE_REAL_MODEL, type RealModel, type RealModelOptions, realModelPython } from '@roundtable/testkit';
import { afterAll, describe, expect, test } from 'vitest';
import { modelThreads, seatLocalModel } from './demoModel';
import { INSTALL_LINE, LOCAL_ALIASES, LOCAL_MAX_TOKENS, LOCAL_PARTICIPANTS } from './demoTable';

// The demo's real table without code-server: installing only when asked (one line of progress), a failed install or
// start handed back as a reason for the scripted fallback, and the real model seated and answering each seat.

const stubModel: RealModel = {
  url: 'http://127.0.0.1:1',
  baseUrl: 'http://127.0.0.1:1/v1',
  aliases: LOCAL_ALIASES,
  process: undefined as unknown as RealModel['process'],
  output: () => '',
  close: async () => {},
};

describe('seatLocalModel', () => {
  test('installed: starts it for three seats, one slot a seat, without a line of progress', async () => {
    const lines: string[] = [];
    const started: RealModelOptions[] = [];
    const seated = await seatLocalModel(
      { kind: 'real', install: false, firstLine: '' },
      {
        log: (line) => lines.push(line),
        install: () => Promise.reject(new Error('not to be called')),
        start: async (options) => {
          started.push(options);
          return stubModel;
        },
        cpus: 8,
      },
    );
    expect(seated).toEqual({ ok: true, model: stubModel });
    expect(lines).toEqual([]);
    expect(started).toEqual([{ aliases: LOCAL_ALIASES, ctx: 12_288, parallel: 3, threads: 4 }]);
  });

  test('not installed: one line of progress, then the install, then the start', async () => {
    const events: string[] = [];
    const seated = await seatLocalModel(
      { kind: 'real', install: true, firstLine: '' },
      {
        log: (line) => events.push(line),
        install: async () => events.push('install'),
        start: async () => {
          events.push('start');
          return stubModel;
        },
      },
    );
    expect(seated.ok).toBe(true);
    expect(events).toEqual([INSTALL_LINE, 'install', 'start']);
  });

  test('a failed install or start is a reason, not a throw', async () => {
    const failedInstall = await seatLocalModel(
      { kind: 'real', install: true, firstLine: '' },
      { log: () => {}, install: () => Promise.reject(new Error('No Python 3.10 or newer found')) },
    );
    expect(failedInstall).toEqual({ ok: false, reason: 'installing it failed: No Python 3.10 or newer found' });
    const failedStart = await seatLocalModel(
      { kind: 'real', install: false, firstLine: '' },
      { log: () => {}, start: () => Promise.reject(new Error('the real model server exited while starting')) },
    );
    expect(failedStart).toEqual({
      ok: false,
      reason: 'starting it failed: the real model server exited while starting',
    });
  });

  test('threads: a core left for code-server and the browser, at least 1, at most 4', () => {
    expect([1, 2, 3, 4, 8, 64].map(modelThreads)).toEqual([1, 1, 2, 3, 4, 4]);
  });
});

// The real thing, as the demo starts it: skipped (with how to install it) when the model is not in the cache, unless
// ROUNDTABLE_REQUIRE_REAL_MODEL=1. Never installs: that is ~130 MB from PyPI.
const found = realModelPython();
(found.ok || REQUIRE_REAL_MODEL ? describe : describe.skip)(
  `the demo's local model on llama.cpp${found.ok ? '' : ` (skipped: ${found.reason})`}`,
  () => {
    let model: RealModel | undefined;
    afterAll(() => model?.close());

    test('serves each seat’s model and keeps a reply within the seat’s cap', { timeout: 120_000 }, async () => {
      const seated = await seatLocalModel({ kind: 'real', install: false, firstLine: '' }, { log: () => {} });
      if (!seated.ok) throw new Error(seated.reason);
      model = seated.model;
      expect(model.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const listed = (await (await fetch(`${model.baseUrl}/models`)).json()) as { data: { id: string }[] };
      const names = JSON.stringify(listed);
      for (const seat of LOCAL_PARTICIPANTS) expect(names).toContain(seat.model);

      const seat = LOCAL_PARTICIPANTS[1];
      const response = await fetch(`${model.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: seat?.model,
          max_tokens: seat?.maxTokens,
          messages: [{ role: 'user', content: 'Write a long story about a round table.' }],
        }),
      });
      expect(response.status).toBe(200);
      const reply = (await response.json()) as {
        choices: { message: { content: string } }[];
        usage: { completion_tokens: number };
      };
      expect(reply.choices[0]?.message.content.length).toBeGreaterThan(0);
      expect(reply.usage.completion_tokens).toBeLessThanOrEqual(LOCAL_MAX_TOKENS);
    });
  },
);
