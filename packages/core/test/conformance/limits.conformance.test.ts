// A limit benches its seat, in every mode of reaching it: the fake CLIProxyAPI (external mode, and managed mode, where
// the proxy's listing of its logins is also a source of the seat map and Reset clears the pause), a keyless
// endpoint's 429 with a Retry-After of days, and each official CLI's "usage limit" (a stand-in process that prints
// what the CLI prints). Each time: the seat's one failed request, then no request to it (counted where it would
// arrive: the proxy's requests, the processes started) while `@all` goes on with the others, a message to it alone
// refused with when it is back, and at that time it answers again without any action.
import { type FakeProxy, fakeErrors, type Scenario, startFakeProxy } from '@roundtable/testkit';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Emitter } from '../../src/base/event';
import { formatReturn } from '../../src/bench/formatReturn';
import { SeatBench } from '../../src/bench/SeatBench';
import { dialectOf } from '../../src/cli/dialects';
import { streamCliReply } from '../../src/cli/streamCliReply';
import { streamChatCompletion } from '../../src/llm/streamChatCompletion';
import { Orchestrator } from '../../src/orchestrator/Orchestrator';
import type { ChatBackend } from '../../src/orchestrator/ports';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../../src/orchestrator/settings';
import { isAbsent } from '../../src/protocol/absentSeat';
import type { SeatMap } from '../../src/protocol/proxyStatus';
import { FakeClock, MemoryThreadRepository } from '../../src/testing';
import { FakeCliLauncher, FakeCliProcess } from '../../src/testing/FakeCliLauncher';
import { claude, gpt } from '../support/orchestratorSetup';

const owned: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of owned.splice(0)) d.dispose();
});

/** A table of Claude and GPT whose seat map is a source's with the bench in it, as the host composes it. */
async function table(chat: ChatBackend) {
  // The bench's clock starts at the real time: the turns' code reads the real clock for "is its time still ahead",
  // while the bench's own timer (which takes the seat off at its time) runs on this one.
  const clock = new FakeClock(Date.now());
  const emitter = new Emitter<SeatMap>();
  const source = { current: {} as SeatMap, onDidChange: emitter.event };
  const setSource = (next: SeatMap) => {
    source.current = next;
    emitter.fire(next);
  };
  const bench = new SeatBench({ source, clock });
  const repository = new MemoryThreadRepository([]);
  let n = 0;
  const orchestrator = new Orchestrator({
    repository,
    chat,
    clock,
    ids: { next: () => `id-${++n}` },
    logger: { trace() {}, info() {}, warn() {}, error: (m) => console.error(m) },
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, gpt] },
    seats: () => bench.current,
  });
  owned.push(orchestrator, bench, repository);
  // As the host does: every failed reply is shown to the bench.
  owned.push(orchestrator.runner.onDidFailReply((f) => void bench.noteFailure(f.participant.id, f.error)));
  const lease = await orchestrator.newThread();
  owned.push(lease);
  const t = lease.threadId;
  const send = async (text: string) => {
    const result = await orchestrator.send(t, text);
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(t)).toBe(false));
    return result;
  };
  const speakers = () =>
    (orchestrator.store.transcript(t)?.messages ?? [])
      .filter((m) => m.role === 'assistant')
      .map((m) => `${m.speaker}:${m.status}`);
  const untilOf = (id: string) => {
    const seat = bench.current[id];
    return seat?.kind === 'cooling' ? seat.until : undefined;
  };
  return { clock, bench, send, speakers, setSource, untilOf, now: () => clock.now().getTime() };
}

describe('through CLIProxyAPI (the fake), in external and managed mode', () => {
  let proxy: FakeProxy;
  beforeEach(async () => {
    proxy = await startFakeProxy({ coolingMs: 0 });
  });
  afterEach(() => proxy.close());

  const chat: ChatBackend = (request, signal) =>
    streamChatCompletion({ baseUrl: `${proxy.url}/v1`, model: request.model, messages: request.messages }, signal);
  const asked = (model: string) =>
    proxy.requests.filter((r) => (r.body as { model?: string } | undefined)?.model === model).length;

  const limits: [string, (model: string) => Scenario, number, string][] = [
    ['a 429 model_cooldown', (m) => fakeErrors.modelCooldown(m, 7200), 7200, 'out of its usage limit'],
    ["Codex's usage_limit_reached", () => fakeErrors.codexUsageLimit(5400), 5400, 'out of its usage limit'],
    ['a 503 auth_unavailable for a model it lists', (m) => fakeErrors.authUnavailable(m), 60, 'paused by the proxy'],
    [
      'a 429 with a Retry-After of days (as a keyless endpoint sends it)',
      () => ({
        kind: 'error',
        status: 429,
        body: { error: { message: 'slow down' } },
        headers: { 'Retry-After': '259200' },
      }),
      259_200,
      'rate-limited',
    ],
  ];

  for (const mode of ['external', 'managed'] as const) {
    test.each(limits)(
      `${mode}: %s benches the seat until its reset, with no request to it before`,
      async (_, scenario, seconds, words) => {
        const { clock, send, speakers, setSource, bench, untilOf, now } = await table(chat);
        const start = now();
        proxy.enqueueFor(claude.model, scenario(claude.model));
        expect(await send('@all first')).toEqual({ ok: true });
        expect(speakers()).toEqual(['claude:error', 'gpt:complete']);
        expect(asked(claude.model)).toBe(1);
        const until = untilOf('claude') ?? 0;
        // The stated wait, from when the answer came (Codex's resets_at is a moment in whole seconds).
        expect(Math.abs(until - (start + seconds * 1000))).toBeLessThan(1500);
        if (mode === 'managed') {
          // The proxy's listing says the login is paused too (as the seat watch reads its auth-files), with Reset.
          setSource({ claude: { kind: 'cooling', until: until - 1000, reason: 'paused', canReset: true } });
          expect(bench.current.claude).toMatchObject({ until, canReset: true });
        }

        // Left out of @all, and refused alone with when it is back; nothing reaches the proxy for it.
        expect(await send('@all second')).toEqual({ ok: true });
        expect(await send('@claude third?')).toEqual({
          ok: false,
          reason: `Not sent: Claude is ${words} until ${formatReturn(until, Date.now())}.`,
        });
        clock.advance(until - now() - 1);
        expect(await send('@all fourth')).toEqual({ ok: true });
        expect(asked(claude.model)).toBe(1);
        expect(asked(gpt.model)).toBe(3);

        // At its time it is back by itself (in managed mode the proxy may list the login paused until its next look,
        // with no time ahead: a seat that answers).
        clock.advance(1);
        expect(isAbsent(bench.current.claude, now())).toBe(false);
        if (mode === 'external') expect(bench.current).toEqual({});
        expect(await send('@claude fifth')).toEqual({ ok: true });
        expect(asked(claude.model)).toBe(2);
      },
    );
  }

  test('managed: Reset (the proxy lists the login ready again) brings the seat back before its time', async () => {
    const { send, setSource, bench } = await table(chat);
    proxy.enqueueFor(claude.model, fakeErrors.modelCooldown(claude.model, 86_400));
    await send('@all first');
    setSource({ claude: { kind: 'cooling', until: Date.now() + 86_400_000, reason: 'paused', canReset: true } });
    expect(await send('@claude again?')).toMatchObject({ ok: false });
    setSource({});
    expect(bench.current).toEqual({});
    expect(await send('@claude again')).toEqual({ ok: true });
    expect(asked(claude.model)).toBe(2);
  });

  test('a 200 with no content and zero tokens is a failure with a clear message, and benches nothing', async () => {
    const { send, speakers, bench } = await table(chat);
    proxy.enqueueFor(claude.model, { kind: 'reply', text: '' });
    await send('@claude hello');
    expect(speakers()).toEqual(['claude:error']);
    expect(bench.current).toEqual({});
  });
});

describe("through each official CLI's usage limit", () => {
  /** What each CLI prints when its plan's limit is spent (the shapes of its recorded runs, docs/cli-*.md). */
  const limitRun = (kind: 'claude' | 'codex' | 'gemini', resetsAt: number): unknown[] =>
    ({
      claude: [
        { type: 'rate_limit_event', rate_limit_info: { status: 'rejected', resetsAt, rateLimitType: 'five_hour' } },
        { type: 'result', subtype: 'success', is_error: true, result: "You've hit your limit", api_error_status: 429 },
      ],
      codex: [{ type: 'turn.failed', error: { message: "You've hit your usage limit. Try again in 3 hours." } }],
      gemini: [
        {
          type: 'result',
          status: 'error',
          error: {
            type: 'unknown',
            message: '[API Error: You have exhausted your capacity on this model. Your quota will reset after 3h0m0s.]',
          },
        },
      ],
    })[kind];

  test.each(['claude', 'codex', 'gemini'] as const)(
    '%s: benched until its reset, with no process started before',
    async (kind) => {
      const lines = limitRun(kind, Math.floor(Date.now() / 1000) + 3 * 3600);
      let started = 0;
      const launcher = new FakeCliLauncher(() => {
        const child = new FakeCliProcess();
        const first = ++started === 1;
        queueMicrotask(() => {
          if (first) for (const line of lines) child.write(`${JSON.stringify(line)}\n`);
          child.exit({ code: 1, signal: null });
        });
        return child;
      });
      const chat: ChatBackend = (request, signal) =>
        streamCliReply(
          { dialect: dialectOf(kind), command: kind, model: request.model, messages: request.messages },
          launcher,
          signal,
        );
      const { clock, send, speakers, untilOf, now } = await table(chat);
      expect(await send('@claude first')).toEqual({ ok: true });
      expect(speakers()).toEqual(['claude:error']);
      expect(launcher.launches).toHaveLength(1);
      const until = untilOf('claude') ?? 0;
      expect(Math.abs(until - (now() + 3 * 3600 * 1000))).toBeLessThan(1500);
      expect(await send('@claude second?')).toEqual({
        ok: false,
        reason: `Not sent: Claude is out of its usage limit until ${formatReturn(until, Date.now())}.`,
      });
      clock.advance(until - now() - 1);
      expect(await send('@all third')).toEqual({ ok: true });
      expect(launcher.launches).toHaveLength(2); // GPT's turn only
      clock.advance(1);
      await send('@claude back');
      expect(launcher.launches).toHaveLength(3);
    },
  );
});
