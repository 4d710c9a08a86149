import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRealModel } from '@roundtable/testkit';
import { afterAll, expect, test } from 'vitest';
import { evalCommand } from './evalCommand';
import { FORMAT_KINDS } from './formats';
import type { Report } from './report';
import { recordingIo } from './testIo';

// `pnpm eval --live --settings FILE` on a real model: llama.cpp serving SmolLM2-135M under three names, every seat on
// a `roundtable.providers` entry, so no CLIProxyAPI and no VS Code. A 135M model's text and accuracy mean nothing:
// this checks only the report's shape and that every reply the council asked for was either read or says why not.

const work = mkdtempSync(join(tmpdir(), 'roundtable-eval-live-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const quietIo = () => recordingIo(work);

describeRealModel('pnpm eval --live on local seats alone', (model) => {
  test('runs with no proxy, and every step of every question is read or has its reason', async () => {
    const settings = join(work, 'settings.json');
    // Managed mode (the default) with an empty storage folder: were the proxy looked for, the run would stop at once
    // with "No managed CLIProxyAPI found". `maxTokens` (sent as `max_tokens`) bounds each reply: llama.cpp's own
    // default is the whole context, minutes of a rambling 135M model on two cores.
    const seat = (id: string) => ({ id, model: `smol-${id}`, provider: 'local', enabled: true, maxTokens: 96 });
    writeFileSync(
      settings,
      JSON.stringify({
        'roundtable.providers': [{ id: 'local', name: 'llama.cpp', baseUrl: model().baseUrl }],
        'roundtable.participants': [seat('a'), seat('b'), seat('c')],
      }),
    );
    const out = join(work, 'report.json');
    const io = quietIo();
    // One question of the smoke set: its council and a dispute round take 20 to 40 s here on two cores.
    const questions = join(work, 'smoke-1.jsonl');
    const [first] = readFileSync(join(import.meta.dirname, 'sets', 'smoke.jsonl'), 'utf8').split('\n');
    writeFileSync(questions, `${first}\n`);
    const args = ['--questions', questions, '--live', '--yes'];
    const storage = ['--settings', settings, '--storage', join(work, 'no-storage'), '--out', out];
    const code = await evalCommand([...args, ...storage, '--max-dispute-rounds', '1'], io);
    expect(code, io.errors).toBe(0);
    expect(io.asked).toEqual([]);
    expect(io.errors).not.toMatch(/CLIProxyAPI|Left out|Settings:/);

    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(Object.keys(report.strategies)).toEqual([
      'seat:a',
      'seat:b',
      'seat:c',
      'vote',
      'council',
      'skipWhenUnanimous',
      'disputes',
    ]);
    expect(Object.keys(report.formats)).toEqual([...FORMAT_KINDS]);
    expect(report.questions.map((q) => [q.id, q.error])).toEqual([['s1', undefined]]);
    for (const question of report.questions) {
      const kinds = question.formats.map((f) => `${f.round}:${f.kind}:${f.seat}`);
      // The council asked each seat for an answer and a review, and one chair for the synthesis.
      for (const id of ['a', 'b', 'c'])
        expect(kinds).toEqual(expect.arrayContaining([`0:answer:${id}`, `0:verdict:${id}`]));
      // Then each dispute round asked each seat for its positions, and the chair for a synthesis.
      const rounds = question.disputes.rounds;
      expect(rounds).toBeLessThanOrEqual(1);
      expect(kinds.filter((k) => k.includes(':ledger:'))).toHaveLength(1 + rounds);
      expect(kinds.filter((k) => k.includes(':positions:'))).toHaveLength(3 * rounds);
      for (const step of question.formats) {
        if (!step.read) expect(step.reason.trim(), `${question.id} ${step.kind} ${step.seat}`).not.toBe('');
      }
    }
    for (const kind of FORMAT_KINDS) {
      const counted = report.formats[kind];
      const steps = report.questions.flatMap((q) => q.formats.filter((f) => f.kind === kind));
      expect(counted.total, kind).toBe(steps.length);
      expect(counted.read + counted.unread.length, kind).toBe(counted.total);
    }
    // Tokens were counted from the real server's replies.
    expect(report.cost.council?.outputTokens).toBeGreaterThan(0);
  }, 150_000);
});
