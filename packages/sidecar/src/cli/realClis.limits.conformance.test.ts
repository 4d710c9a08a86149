import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ChatBackend,
  type ChatRequest,
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Orchestrator,
  type StreamEvent,
} from '@roundtable/core';
import { Emitter } from '@roundtable/core/base/event';
import { benchFor } from '@roundtable/core/bench/benchFor';
import { resetFromWords } from '@roundtable/core/bench/resetWords';
import { SeatBench } from '@roundtable/core/bench/SeatBench';
import { type CliKind, type CliLauncher, dialectOf, streamCliReply } from '@roundtable/core/cli';
import type { SeatMap } from '@roundtable/core/protocol';
import { FakeClock, MemoryThreadRepository } from '@roundtable/core/testing';
import {
  connectionsIn,
  REQUIRE_REAL_CLIS,
  type RealCliKind,
  realCli,
  type StandIn,
  startCliStandIn,
  straceWrapper,
} from '@roundtable/testkit/cli';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NodeCliLauncher } from './NodeCliLauncher';
import { answered, expectBenchedUntil, LIMIT_WORDS, other, SUBSCRIBER_ENV, seat, ZONE } from './realCliLimits.testing';

// Each real CLI, run by the product's launcher and runner, against its stand-in answering the way its provider answers
// a subscriber whose plan's usage limit is spent (claudeStandIn/codexStandIn/geminiStandIn, scenario `usageLimit`):
// the reply fails with the CLI's own words for the limit, the CLI asked once (no retry, no fallback), and the bench
// keeps the seat out of turns until the reset the stand-in stated, with no process started and no request reaching
// the stand-in before then (counted at the stand-in), and asks it again at that time by itself. Skipped when the
// pinned CLIs are not installed, unless ROUNDTABLE_REQUIRE_REAL_CLIS=1.

const KINDS: RealCliKind[] = ['claude', 'codex', 'gemini'];

for (const kind of KINDS) {
  const cli = realCli(kind);
  const block = !cli.ok && !REQUIRE_REAL_CLIS ? describe.skip : describe;
  block(
    `the real ${kind} CLI on its plan's usage limit${cli.ok ? '' : ` (${cli.reason})`}`,
    { timeout: 90_000 },
    () => {
      const dialect = dialectOf(kind as CliKind);
      let folder: string;
      let standIn: StandIn;
      let launcher: NodeCliLauncher;
      /** Every process the product started for this CLI. */
      let launches = 0;
      const owned: { dispose(): void }[] = [];

      beforeAll(async () => {
        if (!cli.ok) throw new Error(cli.reason);
        folder = await mkdtemp(join(tmpdir(), `rt-limits-${kind}-`));
        standIn = await startCliStandIn(kind, {
          kind: 'reply',
          chunks: ['x'],
          usage: { inputTokens: 1, outputTokens: 1 },
        });
        launcher = new NodeCliLauncher({
          env: { ...process.env, HOME: folder, TZ: ZONE, ...standIn.env(), ...SUBSCRIBER_ENV[kind] },
          tmpRoot: join(homedir(), '.cache', 'roundtable-conformance-turns'),
          graceMs: 1_000,
        });
      });
      afterEach(() => {
        for (const d of owned.splice(0)) d.dispose();
      });
      afterAll(async () => {
        launcher?.dispose();
        await standIn?.close();
        await rm(folder, { recursive: true, force: true });
      });

      const counting: CliLauncher = {
        launch: (launch) => {
          launches++;
          return launcher.launch(launch);
        },
      };

      /** One reply of the seat, as the product streams it, on `command` (the real CLI unless given). */
      function reply(request: ChatRequest, signal: AbortSignal, command?: string) {
        return streamCliReply(
          {
            dialect,
            command: command ?? (cli.ok ? cli.path : ''),
            model: request.model,
            messages: request.messages,
            timeouts: { firstByteMs: 60_000, stallMs: 60_000 },
          },
          counting,
          signal,
        );
      }

      /** A request that is not to the provider the stand-in answers for: a host elsewhere. */
      const elsewhere = (from: number) =>
        standIn.requests
          .slice(from)
          .filter((r) =>
            r.method === 'CONNECT' ? !(standIn.providerTunnels ?? []).includes(r.path) : !r.path.startsWith('/'),
          )
          .map((r) => `${r.method} ${r.path}`);
      /** The requests that carry a prompt: the CLI asking its model. */
      const asked = () => standIn.requests.filter((r) => r.method === 'POST').length;

      it('fails with its own words for the limit, after one request, and benchFor benches it until the stated reset', async () => {
        // Days away: Claude Code's weekly limit, and the dated form of each CLI's words.
        const resetsAt = Math.floor(Date.now() / 1000) + 3 * 86_400 + 17;
        standIn.scenario = { kind: 'usageLimit', resetsAt };
        const from = standIn.requests.length;
        const log = join(folder, 'connect.log');
        const traced = await straceWrapper(folder, `${kind}-traced`, cli.ok ? cli.path : '', log);
        const before = Date.now();
        const events: StreamEvent[] = [];
        for await (const event of reply(
          {
            model: seat.model,
            messages: [
              { role: 'system', content: 'You are Opus, one of several assistants at a shared table.' },
              { role: 'user', content: '[User] @opus How should fetchJson retry?' },
            ],
          },
          new AbortController().signal,
          traced,
        ))
          events.push(event);
        const after = Date.now();

        const last = events.at(-1);
        if (last?.type !== 'error') throw new Error(`the reply did not fail: ${JSON.stringify(events)}`);
        expect(last.error).toMatchObject({ kind: 'rate-limit', code: 'usage_limit_reached' });
        expect(last.error.message).toMatch(LIMIT_WORDS[kind]);
        // Asked once: the CLI neither retried the 429 nor fell back to another model.
        expect(standIn.requests.slice(from).filter((r) => r.method === 'POST')).toHaveLength(1);
        expect(elsewhere(from)).toEqual([]);
        const network = (await connectionsIn(log)).filter((c) => c.family === 'AF_INET' || c.family === 'AF_INET6');
        expect(network.length).toBeGreaterThan(0);
        expect(
          network.filter(
            (c) => !/^(?:127\.0\.0\.1|::ffff:127\.0\.0\.1|::1)$/.test(c.address ?? '') || c.port !== standIn.port,
          ),
        ).toEqual([]);

        const bench = benchFor(last.error, after, ZONE);
        expect(bench).toMatchObject({ cause: 'usage-limit', reason: last.error.message });
        expectBenchedUntil(kind, bench?.until ?? 0, resetsAt, { before, after, benchNow: after });
        if (kind === 'claude') {
          // Its words alone (all that is left when no rate-limit event came) say the same moment, to their minute.
          expect(resetFromWords(last.error.message, after, ZONE)).toBe((Math.floor(resetsAt / 60) + 1) * 60_000);
        }
      });

      it('is left out of turns, with no process and no request, until that reset, then asked again by itself', async () => {
        // The bench's clock starts at the real time: the turns read the real clock for "is its time still ahead", while
        // the bench's own timer (which takes the seat off at its time) runs on this one.
        const clock = new FakeClock(Date.now());
        const emitter = new Emitter<SeatMap>();
        const bench = new SeatBench({ source: { current: {}, onDidChange: emitter.event }, clock, timeZone: ZONE });
        const chat: ChatBackend = (request, signal) =>
          request.model === seat.model ? reply(request, signal) : answered('Fine.');
        const repository = new MemoryThreadRepository([]);
        let n = 0;
        const orchestrator = new Orchestrator({
          repository,
          chat,
          clock,
          ids: { next: () => `id-${++n}` },
          logger: { trace() {}, info() {}, warn() {}, error: (m) => console.error(m) },
          settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [seat, other] },
          seats: () => bench.current,
        });
        owned.push(orchestrator, bench, repository);
        // As the host does: every failed reply is shown to the bench.
        owned.push(orchestrator.runner.onDidFailReply((f) => void bench.noteFailure(f.participant.id, f.error)));
        const lease = await orchestrator.newThread();
        owned.push(lease);
        const thread = lease.threadId;
        const send = async (text: string) => {
          const result = await orchestrator.send(thread, text);
          await vi.waitFor(() => expect(orchestrator.runner.isBusy(thread)).toBe(false), { timeout: 60_000 });
          return result;
        };
        const speakers = () =>
          (orchestrator.store.transcript(thread)?.messages ?? [])
            .filter((m) => m.role === 'assistant')
            .map((m) => `${m.speaker}:${m.status}`);
        const now = () => clock.now().getTime();

        const resetsAt = Math.floor(Date.now() / 1000) + 2 * 3600 + 41;
        standIn.scenario = { kind: 'usageLimit', resetsAt };
        const [launched, requested, from] = [launches, asked(), standIn.requests.length];
        const benchNow = now();
        const before = Date.now();
        expect(await send('@all first')).toEqual({ ok: true });
        const after = Date.now();
        expect(speakers()).toEqual(['opus:error', 'gpt:complete']);
        expect([launches - launched, asked() - requested]).toEqual([1, 1]);
        const benched = bench.current.opus;
        if (benched?.kind !== 'cooling' || benched.until === undefined) throw new Error('the seat was not benched');
        expect(benched.cause).toBe('usage-limit');
        expect(benched.reason).toMatch(LIMIT_WORDS[kind]);
        const until = benched.until;
        expectBenchedUntil(kind, until, resetsAt, { before, after, benchNow });

        // Benched: left out of @all, refused alone with when it is back; nothing is started, nothing reaches the stand-in.
        const seen = standIn.requests.length;
        expect(await send('@all second')).toEqual({ ok: true });
        expect(await send('@opus third?')).toMatchObject({
          ok: false,
          reason: expect.stringContaining('Opus is out of its usage limit until'),
        });
        clock.advance(until - now() - 1);
        expect(await send('@all fourth')).toEqual({ ok: true });
        expect(launches - launched).toBe(1);
        expect(standIn.requests.length).toBe(seen);
        expect(speakers()).toEqual(['opus:error', 'gpt:complete', 'gpt:complete', 'gpt:complete']);

        // At the reset it is back by itself, and asked again (the limit is over: the stand-in answers).
        clock.advance(1);
        expect(bench.current).toEqual({});
        standIn.scenario = { kind: 'reply', chunks: ['Back again.'], usage: { inputTokens: 3, outputTokens: 2 } };
        expect(await send('@opus back?')).toEqual({ ok: true });
        expect([launches - launched, asked() - requested]).toEqual([2, 2]);
        expect(speakers().at(-1)).toBe('opus:complete');
        expect(elsewhere(from)).toEqual([]);
      });
    },
  );
}
