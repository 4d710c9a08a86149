import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { evalCommand } from './evalCommand';
import type { Report } from './report';
import { recordingIo } from './testIo';

// `pnpm eval --live` on seats that sit on `roundtable.providers` entries: the proxy is looked for only when a seat
// sits on it. An OpenAI-compatible fake stands in for a local server (llama.cpp, Ollama) here; the real one is in
// evalLive.realModel.test.ts. The storage folder is always empty: no managed CLIProxyAPI can be found.

const work = mkdtempSync(join(tmpdir(), 'roundtable-eval-providers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const questions = join(work, 'one.jsonl');
writeFileSync(questions, '{"id":"q1","question":"What is 2 + 2?","answer":"4"}\n');

let server: FakeProxy | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const io = (answers: boolean[] = []) => recordingIo(work, answers);

async function live(participants: object[], providers: object[], answers: boolean[]) {
  const settings = join(work, 'settings.json');
  writeFileSync(
    settings,
    JSON.stringify({ 'roundtable.providers': providers, 'roundtable.participants': participants }),
  );
  const console = io(answers);
  const out = join(work, 'report.json');
  const args = ['--questions', questions, '--live', '--settings', settings, '--storage', join(work, 'none')];
  const code = await evalCommand([...args, '--out', out], console);
  const requests = server?.requests.filter((r) => r.path === '/v1/chat/completions') ?? [];
  return { code, console, out, requests };
}

const seat = (id: string, provider?: string) => ({
  id,
  model: 'local-model',
  enabled: true,
  ...(provider ? { provider } : {}),
});

describe('pnpm eval --live on roundtable.providers seats', () => {
  test('needs no CLIProxyAPI: it names the provider it will ask, asks it alone, and writes the report', async () => {
    server = await startFakeProxy({ models: ['local-model'], chunkDelayMs: 0 });
    const local = { id: 'local', name: 'llama.cpp', baseUrl: `${server.url}/v1` };
    const { code, console, out, requests } = await live([seat('a', 'local'), seat('b', 'local')], [local], [true]);
    expect(code, console.errors).toBe(0);
    expect(console.asked).toHaveLength(1);
    expect(console.asked[0]).toMatch(
      /^This asks your own seats \(a, b\) through llama\.cpp \(http:\/\/127\.0\.0\.1:\d+\/v1\): /,
    );
    // Nothing is spent on a subscription: the question does not say it is.
    expect(console.asked[0]).not.toContain('subscriptions');
    expect(requests.length).toBeGreaterThanOrEqual(5);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(report.formats.answer.total).toBe(2);
    expect(report.formats.verdict.total).toBe(2);
    // The council's synthesis, and one per dispute round the fake's ledger led to.
    expect(report.formats.ledger.total).toBe(1 + (report.questions[0]?.disputes.rounds ?? 0));
  }, 30_000);

  test('a seat on the built-in proxy still needs it: with none running it stops before asking anything', async () => {
    server = await startFakeProxy({ models: ['local-model'], chunkDelayMs: 0 });
    const local = { id: 'local', name: 'llama.cpp', baseUrl: `${server.url}/v1` };
    const { code, console, requests } = await live([seat('a', 'local'), seat('b')], [local], [true]);
    expect(code).toBe(2);
    expect(console.errors).toContain('No managed CLIProxyAPI found');
    expect(console.asked).toEqual([]);
    expect(requests).toEqual([]);
  });

  test('a provider off this machine is refused, its seats left out with why, and nothing is sent', async () => {
    const remote = { id: 'remote', name: 'Elsewhere', baseUrl: 'http://192.0.2.10:8080/v1' };
    const { code, console } = await live([seat('a', 'remote'), seat('b', 'remote')], [remote], [true]);
    expect(code).toBe(2);
    expect(console.errors).toMatch(/Settings: roundtable\.providers\[0\] \("remote"\).*this machine/);
    expect(console.errors).toContain('Left out: a (provider "remote" is not a usable entry of roundtable.providers).');
    expect(console.errors).toContain('A council needs two seats');
    expect(console.asked).toEqual([]);
  });
});
