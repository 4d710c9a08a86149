import type { ChatErrorKind } from '@roundtable/core';
import {
  CONFORMANCE_MODELS,
  describeRealOnly,
  type FakeUpstream,
  freePort,
  type RealProxy,
  startFakeUpstream,
  startRealProxy,
  type UpstreamScenario,
} from '@roundtable/testkit';
import { afterAll, beforeAll, expect, onTestFinished, test, vi } from 'vitest';
import type { ChatTuning } from '../src/proxy/createChatBackend';
import { expectSettled, openTable, seat, type TurnTable } from './support/turnHarness';

// The stream fault matrix of faultMatrix.integration.test.ts against the real CLIProxyAPI (v7.2.140), for the faults
// it can be made to produce: its `openai-compatibility` provider is a fake model server on loopback that fails on
// cue. A three-responder `@all` turn meets each fault on its second responder, each row on a model of its own (the
// proxy pauses a model after a failure). Skipped with the reason when the binary is not built, unless
// ROUNDTABLE_REQUIRE_REAL_PROXY=1.

const KEY = 'fault-matrix-access-key';
const claude = seat('claude', 'Claude', CONFORMANCE_MODELS[0] ?? '');
const gemini = seat('gemini', 'Gemini', CONFORMANCE_MODELS[1] ?? '');
const PROMPT = '@all what do you make of this?';
/** What the fake model server streams: the whole reply, and what reaches the client before a fault after two pieces. */
const WHOLE = 'Hello from the upstream model.';
const PARTIAL = 'Hello from';
const TUNING: ChatTuning = { timeouts: { firstByteMs: 5_000, stallMs: 5_000 }, retryDelayMs: 10 };
const SHORT = { firstByteMs: 1_000, stallMs: 1_000 };
const pause = (model: string) =>
  `CLIProxyAPI now pauses ${model} for about a minute after a failure, so a retry right away cannot work; try again in a minute.`;
const errorBody = (message: string, type: string) => JSON.stringify({ error: { message, type } });

interface RealRow {
  name: string;
  upstream: UpstreamScenario;
  timeouts?: ChatTuning['timeouts'];
  status: 'complete' | 'error';
  kind?: ChatErrorKind;
  /** The message for the row's model. */
  message?: (model: string) => string;
  /** The faulty reply's content: exactly what the proxy relayed before the fault. */
  content: string | RegExp;
}

const rows: RealRow[] = [
  {
    name: 'an upstream 500: the retry meets the pause, the first error is shown',
    upstream: { kind: 'status', status: 500, body: errorBody('the provider is having a bad day', 'server_error') },
    status: 'error',
    kind: 'http',
    content: '',
    message: (model) => `CLIProxyAPI failed with HTTP 500: the provider is having a bad day. ${pause(model)}`,
  },
  {
    name: 'an upstream 502 in plain text (the proxy wraps it)',
    upstream: { kind: 'status', status: 502, body: 'upstream exploded' },
    status: 'error',
    kind: 'http',
    content: '',
    message: (model) => `CLIProxyAPI failed with HTTP 502: upstream exploded. ${pause(model)}`,
  },
  {
    name: 'an upstream 401 (the provider login, not the access key)',
    upstream: { kind: 'status', status: 401, body: errorBody('your session expired', 'authentication_error') },
    status: 'error',
    kind: 'account',
    content: '',
    message: () =>
      "The provider login behind CLIProxyAPI was rejected: your session expired. Log in to that provider again in CLIProxyAPI; Roundtable's access key itself was accepted.",
  },
  {
    name: 'an upstream 403',
    upstream: { kind: 'status', status: 403, body: errorBody('This plan has no access to it.', 'permission_error') },
    status: 'error',
    kind: 'account',
    content: '',
    message: () =>
      "The provider account behind CLIProxyAPI may not do this: This plan has no access to it. Check that account's plan, or log in with another account in CLIProxyAPI.",
  },
  {
    name: 'an upstream 400 in the OpenAI wrapper',
    upstream: {
      kind: 'status',
      status: 400,
      body: errorBody(
        'Third-party apps now draw from your extra usage, not your plan limits.',
        'invalid_request_error',
      ),
    },
    status: 'error',
    kind: 'http',
    content: '',
    message: () =>
      'CLIProxyAPI rejected the request with HTTP 400: Third-party apps now draw from your extra usage, not your plan limits.',
  },
  {
    name: "the provider's error chunk mid-reply",
    upstream: { kind: 'errorChunk', afterPieces: 2, message: 'the provider gave up halfway' },
    status: 'error',
    kind: 'stream',
    content: PARTIAL,
    message: () => 'The reply stream failed: the provider gave up halfway.',
  },
  {
    name: "the provider's socket dropped mid-reply (unexpected EOF)",
    upstream: { kind: 'drop', afterPieces: 2 },
    status: 'error',
    kind: 'stream',
    // The model server destroys its socket right after its last write, which may then never leave it.
    content: /^Hello( from)?$/,
    message: () =>
      "The provider's connection dropped in the middle of the reply (“unexpected EOF”); the reply is incomplete. Retry to get the rest.",
  },
  {
    name: 'the provider stalls mid-reply',
    upstream: { kind: 'stall', afterPieces: 2 },
    timeouts: SHORT,
    status: 'error',
    kind: 'timeout',
    content: PARTIAL,
    message: () => 'CLIProxyAPI sent nothing for 1 s in the middle of the reply; the stream was stopped.',
  },
  {
    name: 'the provider never starts (the proxy sends not even headers)',
    upstream: { kind: 'silent' },
    timeouts: SHORT,
    status: 'error',
    kind: 'timeout',
    content: '',
    message: () => 'CLIProxyAPI sent nothing within 1 s of the request; the request was stopped.',
  },
  {
    name: "the provider's stream ends without [DONE] (the proxy adds it)",
    upstream: { kind: 'reply', omitDone: true },
    status: 'complete',
    content: WHOLE,
  },
];

/** The user-role messages labelled `[GPT]` in the last request the model server received for `model`. */
function gptLinesSeenBy(upstream: FakeUpstream, model: string): unknown[] {
  const requests = upstream.chatRequests as { model?: string; messages?: { role: string; content: unknown }[] }[];
  const last = requests.filter((r) => r.model === model).at(-1);
  return (last?.messages ?? []).filter((m) => typeof m.content === 'string' && m.content.startsWith('[GPT]'));
}

/** Until the proxy answers `/healthz` and has loaded its providers (its last start-up line). */
async function serving(proxy: RealProxy): Promise<void> {
  await vi.waitFor(
    async () => {
      expect((await fetch(`${proxy.url}/healthz`)).ok).toBe(true);
      expect(proxy.output()).toContain('core auth auto-refresh started');
    },
    { timeout: 20_000, interval: 50 },
  );
}

let upstream: FakeUpstream | undefined;
let proxy: RealProxy | undefined;

describeRealOnly('a fault on the second of three responders, through the real client', () => {
  beforeAll(async () => {
    upstream = await startFakeUpstream(CONFORMANCE_MODELS);
    proxy = await startRealProxy({ upstreamBaseUrl: upstream.baseUrl, models: CONFORMANCE_MODELS, accessKeys: [KEY] });
  }, 30_000);
  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  test.each(rows.map((row, i) => ({ ...row, model: CONFORMANCE_MODELS[2 + i] ?? '' })))('$name', async (row) => {
    const server = upstream as FakeUpstream;
    const url = (proxy as RealProxy).url;
    const gpt = seat('gpt', 'GPT', row.model);
    server.enqueue(gpt.model, row.upstream);
    const tuning = { ...TUNING, timeouts: { ...TUNING.timeouts, ...row.timeouts } };
    const turns = await openTable({ url: () => url, accessKey: KEY, participants: [claude, gpt, gemini], tuning });
    const [, first, second, third] = (await turns.turn(PROMPT)).messages;

    expect(first).toMatchObject({ speaker: 'claude', status: 'complete', content: WHOLE });
    expect(second).toMatchObject({ speaker: 'gpt', status: row.status });
    if (typeof row.content === 'string') expect(second?.content).toBe(row.content);
    else expect(second?.content).toMatch(row.content);
    expect(second?.error).toBe(row.message?.(gpt.model));
    expect(turns.failures.map((f) => [f.participant.id, f.error.kind])).toEqual(
      row.status === 'error' ? [['gpt', row.kind]] : [],
    );
    expect(third).toMatchObject({ speaker: 'gemini', status: 'complete', content: WHOLE });
    expect(gptLinesSeenBy(server, gemini.model)).toEqual(
      second?.content ? [{ role: 'user', content: `[GPT]: ${second.content}` }] : [],
    );
    await expectSettled(turns);
  });

  test.skip('an upstream 429 (skipped: the proxy retries it itself for 8 to 27 s; packages/core/test/conformance/client.conformance.test.ts pins it against the real binary)', () => {});
});

describeRealOnly('the real proxy killed mid-reply, then started again on the same port', () => {
  test('the reply keeps its text, the next responder is told the proxy is unreachable, the next turn is served', async () => {
    const server = await startFakeUpstream(CONFORMANCE_MODELS);
    onTestFinished(() => server.close());
    const port = await freePort();
    const start = async () => {
      const started = await startRealProxy({
        upstreamBaseUrl: server.baseUrl,
        models: CONFORMANCE_MODELS,
        accessKeys: [KEY],
        port,
      });
      onTestFinished(() => started.close());
      await serving(started);
      return started;
    };
    let real = await start();
    const gpt = seat('gpt', 'GPT', CONFORMANCE_MODELS[15] ?? '');
    server.enqueue(gpt.model, { kind: 'stall', afterPieces: 2 });
    const turns: TurnTable = await openTable({
      url: () => real.url,
      accessKey: KEY,
      participants: [claude, gpt, gemini],
      tuning: TUNING,
    });

    await turns.orchestrator.send(turns.threadId, PROMPT);
    await vi.waitFor(() => expect(turns.transcript().messages[2]?.content).toBe(PARTIAL), { timeout: 10_000 });
    real.process.kill('SIGKILL');
    await real.exited;
    await turns.orchestrator.runner.whenIdle(turns.threadId);
    const [, first, second, third] = turns.transcript().messages;
    expect(first).toMatchObject({ status: 'complete', content: WHOLE });
    expect(second).toMatchObject({ speaker: 'gpt', status: 'error', content: PARTIAL });
    expect(second?.error).toMatch(
      /^The connection to CLIProxyAPI broke during the reply \(.+\); the reply is incomplete\.$/,
    );
    expect(third).toMatchObject({ speaker: 'gemini', status: 'error', content: '' });
    expect(third?.error).toMatch(
      /^Cannot reach CLIProxyAPI at http:\/\/127\.0\.0\.1:\d+\/v1 \(.+\)\. Check that the proxy/,
    );
    await expectSettled(turns);

    real = await start();
    const again = (await turns.turn('@all again, please')).messages.slice(5);
    expect(again.map((m) => [m.speaker, m.status, m.content])).toEqual([
      ['claude', 'complete', WHOLE],
      ['gpt', 'complete', WHOLE],
      ['gemini', 'complete', WHOLE],
    ]);
    await expectSettled(turns);
  }, 60_000);
});
