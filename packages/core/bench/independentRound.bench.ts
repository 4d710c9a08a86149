import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { streamChatCompletion } from '../src/llm/streamChatCompletion';
import { Orchestrator } from '../src/orchestrator/Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../src/orchestrator/settings';
import type { ParticipantConfig } from '../src/participants/participant';
import { randomIds, silentLogger, systemClock } from '../src/ports';
import { MemoryThreadRepository } from '../src/testing';

// `pnpm bench`: an Independent round of three seats whose replies take about 2 s each, next to one reply of the
// same length, through the whole stack a user's turn goes through (orchestrator, turn runner, streaming client, a
// real HTTP stream from the fake CLIProxyAPI on loopback). Goal: the round in at most 1.5x one reply (the three
// stream at once). Benches report; they never assert times.

const seats: ParticipantConfig[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];

/** 120 words the fake sends three at a time, 50 ms apart: a reply of about 2 s. */
const REPLY = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
const CHUNK_MS = 50;

let proxy: FakeProxy;
const times = { one: [] as number[], three: [] as number[] };

beforeAll(async () => {
  proxy = await startFakeProxy({ chunkDelayMs: CHUNK_MS });
});

afterAll(async () => {
  await proxy.close();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const ratio = mean(times.three) / mean(times.one);
  console.log(
    `Independent round of three: ${mean(times.three).toFixed(0)} ms; one reply: ${mean(times.one).toFixed(0)} ms; ` +
      `ratio ${ratio.toFixed(2)}x (goal: at most 1.5x)`,
  );
});

/** One turn, start to rest, in a fresh orchestrator: `text` sent in `mode`. */
async function turn(text: string, mode: 'discuss' | 'independent'): Promise<number> {
  for (const seat of seats) proxy.enqueueFor(seat.model, { kind: 'reply', text: REPLY });
  const orchestrator = new Orchestrator({
    repository: new MemoryThreadRepository(),
    chat: (request, signal) =>
      streamChatCompletion({ baseUrl: `${proxy.url}/v1`, model: request.model, messages: request.messages }, signal),
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: seats },
  });
  try {
    const lease = await orchestrator.newThread();
    orchestrator.setMode(lease.threadId, mode);
    const started = performance.now();
    const sent = await orchestrator.send(lease.threadId, text);
    if (!sent.ok) throw new Error(sent.reason);
    await orchestrator.runner.whenIdle(lease.threadId);
    const took = performance.now() - started;
    lease.dispose();
    return took;
  } finally {
    await orchestrator.shutdown();
    orchestrator.dispose();
  }
}

describe('an Independent round of three 2-second replies, next to one', () => {
  bench(
    'one reply (@claude)',
    async () => {
      times.one.push(await turn('@claude go', 'discuss'));
    },
    { iterations: 3, time: 0, warmupIterations: 1 },
  );
  bench(
    'Independent round (@all, three at once)',
    async () => {
      times.three.push(await turn('@all go', 'independent'));
    },
    { iterations: 3, time: 0, warmupIterations: 1 },
  );
});
