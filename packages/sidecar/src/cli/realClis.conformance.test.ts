import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage, StreamEvent } from '@roundtable/core';
import { type CliKind, type CliLauncher, type CliProcess, dialectOf, streamCliReply } from '@roundtable/core/cli';
import {
  connectionsIn,
  REQUIRE_REAL_CLIS,
  type RealCliKind,
  realCli,
  type StandIn,
  type StandInScenario,
  startCliStandIn,
  straceWrapper,
} from '@roundtable/testkit/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeCliLauncher } from './NodeCliLauncher';
import { signalGroup } from './processGroup';

// Each real official CLI, as the product runs it (its dialect's flags, the product's launcher and runner), against a
// loopback stand-in of its provider's API. The CLI gets a fresh HOME (no login, no user settings) and the stand-in's
// variables; nothing else differs from a user's machine. Skipped when the pinned CLIs are not installed
// (scripts/real-clis/install.sh), unless ROUNDTABLE_REQUIRE_REAL_CLIS=1 (CI), which makes that a failure.

const KINDS: RealCliKind[] = ['claude', 'codex', 'gemini'];
/**
 * Whether the CLI streams the reply's text as it arrives. Codex's `exec --json` reports an agent message only once it
 * is complete, so a Codex reply cut mid-way has no text yet, and "mid-reply" is: after the stand-in started answering.
 */
const STREAMS: Record<RealCliKind, boolean> = { claude: true, codex: false, gemini: true };
const SYSTEM: ChatMessage = { role: 'system', content: 'You are Opus, one of several assistants at a shared table.' };

for (const kind of KINDS) {
  const cli = realCli(kind);
  const skip = !cli.ok && !REQUIRE_REAL_CLIS;
  const block = skip ? describe.skip : describe;
  block(`the real ${kind} CLI${cli.ok ? '' : ` (${cli.reason})`}`, { timeout: 90_000 }, () => {
    const dialect = dialectOf(kind as CliKind);
    let folder: string;
    let standIn: StandIn;
    let launcher: NodeCliLauncher;
    /** The process of the turn under way, to crash it or look for its group afterwards. */
    let current: CliProcess | undefined;

    beforeAll(async () => {
      if (!cli.ok) throw new Error(cli.reason);
      folder = await mkdtemp(join(tmpdir(), `rt-conformance-${kind}-`));
      standIn = await startCliStandIn(kind, {
        kind: 'reply',
        chunks: ['x'],
        usage: { inputTokens: 1, outputTokens: 1 },
      });
      // Turn folders as the product makes them: in a folder of the user's own, not in the shared temp folder (a CLI may
      // read files of the folders above its own, and Gemini CLI ignores its settings file under one others can write).
      launcher = new NodeCliLauncher({
        env: { ...process.env, HOME: folder, ...standIn.env() },
        tmpRoot: join(homedir(), '.cache', 'roundtable-conformance-turns'),
        graceMs: 1_000,
      });
    });
    afterAll(async () => {
      launcher?.dispose();
      await standIn?.close();
      await rm(folder, { recursive: true, force: true });
    });

    const tracking: CliLauncher = {
      launch: async (launch) => {
        current = await launcher.launch(launch);
        return current;
      },
    };

    async function turn(
      scenario: StandInScenario,
      options: {
        messages?: ChatMessage[];
        command?: string;
        /** Called once the reply is under way: at its first text, or (a CLI that does not stream) once it is asked. */
        midReply?: () => void;
        signal?: AbortSignal;
        stallMs?: number;
        firstByteMs?: number;
      } = {},
    ) {
      standIn.scenario = scenario;
      const from = standIn.requests.length;
      let midReplyCalled = false;
      const midReply = () => {
        if (midReplyCalled) return;
        midReplyCalled = true;
        options.midReply?.();
      };
      const asked = STREAMS[kind]
        ? undefined
        : setInterval(() => {
            if (standIn.requests.slice(from).some((r) => r.method === 'POST')) setTimeout(midReply, 500);
          }, 50);
      const events: StreamEvent[] = [];
      let thrown: unknown;
      try {
        for await (const event of streamCliReply(
          {
            dialect,
            command: options.command ?? (cli.ok ? cli.path : ''),
            model: 'test-model',
            messages: options.messages ?? [
              SYSTEM,
              { role: 'user', content: '[User] @opus How should fetchJson retry?' },
            ],
            timeouts: { firstByteMs: options.firstByteMs ?? 60_000, stallMs: options.stallMs ?? 60_000 },
          },
          tracking,
          options.signal ?? new AbortController().signal,
        )) {
          events.push(event);
          if (event.type === 'delta') midReply();
        }
      } catch (error) {
        thrown = error;
      } finally {
        clearInterval(asked);
      }
      const text = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
      return { events, text, thrown, requests: standIn.requests.slice(from), last: events.at(-1) };
    }

    async function groupGone(): Promise<void> {
      const pid = current?.pid;
      expect(pid).toBeGreaterThan(0);
      await expect.poll(() => signalGroup(pid ?? 0, 0), { timeout: 5_000 }).toBe(false);
    }

    it('streams a reply with its usage, and ends its process group', async () => {
      const { text, events, last } = await turn({
        kind: 'reply',
        chunks: ['Retry idempotent ', 'requests, with backoff ', 'é→✓.'],
        usage: { inputTokens: 321, outputTokens: 17 },
      });
      expect(text).toBe('Retry idempotent requests, with backoff é→✓.');
      expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThanOrEqual(1);
      expect(events).toContainEqual({ type: 'usage', usage: expect.objectContaining({ outputTokens: 17 }) });
      expect(last).toMatchObject({ type: 'finish' });
      await groupGone();
    });

    it('ends with the provider own words on an upstream error', async () => {
      const { last } = await turn({ kind: 'error', status: 400, message: 'model test-model is not allowed here' });
      expect(last).toMatchObject({ type: 'error', error: { message: expect.stringContaining('is not allowed here') } });
      await groupGone();
    });

    it('a stall mid-reply ends in a timeout, keeping the text, and the group is gone', async () => {
      // A CLI that does not stream has shown nothing yet: its silence is the first-byte timeout, not the stall one.
      const { text, last } = await turn(
        { kind: 'stall', chunks: ['Half a thought'] },
        { stallMs: 4_000, ...(STREAMS[kind] ? {} : { firstByteMs: 6_000 }) },
      );
      expect(last).toMatchObject({ type: 'error', error: { kind: 'timeout' } });
      expect(text).toBe(STREAMS[kind] ? 'Half a thought' : '');
      await groupGone();
    });

    it('Stop ends the whole process group', async () => {
      const controller = new AbortController();
      const { thrown, text } = await turn(
        { kind: 'stall', chunks: ['Streaming when stopped'] },
        {
          signal: controller.signal,
          midReply: () => controller.abort(new DOMException('Stopped', 'AbortError')),
          stallMs: 30_000,
        },
      );
      expect((thrown as Error | undefined)?.name).toBe('AbortError');
      expect(text).toBe(STREAMS[kind] ? 'Streaming when stopped' : '');
      await groupGone();
    });

    it('reads a 200 KB transcript whole from stdin', async () => {
      const long = `[User] ${'the quick brown fox jumps over the lazy dog '.repeat(4_700)}END-OF-TRANSCRIPT`;
      expect(long.length).toBeGreaterThan(200_000);
      const { text, requests } = await turn(
        { kind: 'reply', chunks: ['Read it all.'], usage: { inputTokens: 50_000, outputTokens: 4 } },
        { messages: [SYSTEM, { role: 'user', content: long }] },
      );
      expect(text).toBe('Read it all.');
      const carrying = requests.find((r) => r.body.includes('END-OF-TRANSCRIPT'));
      expect(carrying?.body).toContain(SYSTEM.content);
      expect(carrying?.body.split('quick brown fox').length).toBeGreaterThan(4_700);
    });

    it('connects to nothing but the stand-in', async () => {
      const log = join(folder, 'connect.log');
      const command = await straceWrapper(folder, `${kind}-traced`, cli.ok ? cli.path : '', log);
      const { text, requests } = await turn(
        { kind: 'reply', chunks: ['Traced.'], usage: { inputTokens: 3, outputTokens: 1 } },
        { command },
      );
      expect(text).toBe('Traced.');
      // A stand-in is also the CLI's HTTP(S) proxy: a tunnel (but one to the provider the stand-in answers for) or an
      // absolute URL asked of it is a host elsewhere.
      const provider = standIn.providerTunnels ?? [];
      const elsewhereAsked = requests.filter((r) =>
        r.method === 'CONNECT' ? !provider.includes(r.path) : !r.path.startsWith('/'),
      );
      expect(elsewhereAsked.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      const connections = await connectionsIn(log);
      const network = connections.filter((c) => c.family === 'AF_INET' || c.family === 'AF_INET6');
      expect(network.length).toBeGreaterThan(0); // the trace works: the stand-in was reached through it
      const elsewhere = network.filter(
        (c) =>
          !(c.address === '127.0.0.1' || c.address === '::ffff:127.0.0.1' || c.address === '::1') ||
          c.port !== standIn.port,
      );
      expect(elsewhere.map((c) => c.line)).toEqual([]);
      expect(
        connections.filter((c) => !['AF_INET', 'AF_INET6', 'AF_UNIX'].includes(c.family)).map((c) => c.line),
      ).toEqual([]);
    });

    // Last: a CLI killed mid-run may leave its own state behind (Gemini CLI then waits on a stale lock at its next start).
    it('a crash mid-reply ends the reply with how it ended, keeping the text so far', async () => {
      let crashed = false;
      const { text, last } = await turn(
        { kind: 'stall', chunks: ['Before the crash'] },
        {
          midReply: () => {
            if (crashed || !current?.pid) return;
            crashed = true;
            signalGroup(current.pid, 'SIGKILL');
          },
          stallMs: 20_000,
        },
      );
      expect(crashed).toBe(true);
      expect(text).toBe(STREAMS[kind] ? 'Before the crash' : '');
      expect(last).toMatchObject({
        type: 'error',
        error: { kind: 'stream', message: expect.stringContaining('SIGKILL') },
      });
      await groupGone();
    });
  });
}
