import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParticipantConfig } from '@roundtable/core/participants/participant';
import { createChatBackend } from '../src/proxy/createChatBackend';
import { readQuestions, readSeats } from './evalSets';
import { liveTable, vscodeUserDir } from './liveSeats';
import { buildReport, markdownSummary, type Report } from './report';
import { runEval } from './runEval';
import { ScriptedTable, scriptedModel, serveScriptedTable } from './scriptedSeats';

export const USAGE = `pnpm eval --questions FILE.jsonl (--seats FILE.json | --live) --out REPORT.json
  --seats FILE.json      scripted seats: their answers and dispute policies (see eval/README.md)
  --live                 your own seats, as your VS Code settings seat them (asks before it spends)
  --yes                  with --live: do not ask
  --settings FILE        with --live: VS Code's settings.json (default: your user settings)
  --storage DIR          with --live: Roundtable's global storage (default: under your VS Code user folder)
  --proxy URL            with --live: CLIProxyAPI's address (default: what the settings say, or the managed one;
                         needed only when a seat has no roundtable.providers entry)
  --max-dispute-rounds N dispute rounds at most (default 2)`;

/** What the command reads and writes beyond its files: the console, the user's answer, and where VS Code keeps things. */
export interface EvalIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Asks a yes-or-no question; resolves true on yes. */
  confirm: (question: string) => Promise<boolean>;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: string;
}

/**
 * `pnpm eval`: runs a question set through the real pipeline (a Council of every seat, then Discuss disputes where
 * the synthesis disputes something) and reports each strategy's accuracy and cost. Returns the exit code: 0 when the
 * report was written, 1 when the user declined to spend, 2 on bad input.
 */
export async function evalCommand(argv: readonly string[], io: EvalIo): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  const { values } = args;
  if (!values.questions || !values.out || values.live === (values.seats !== undefined)) {
    io.err(`Give --questions, --out, and one of --seats or --live.\n\n${USAGE}\n`);
    return 2;
  }
  const maxDisputeRounds = Number(values['max-dispute-rounds'] ?? 2);
  if (!Number.isInteger(maxDisputeRounds) || maxDisputeRounds < 1 || maxDisputeRounds > 5) {
    io.err('--max-dispute-rounds must be a whole number from 1 to 5.\n');
    return 2;
  }
  let report: Report;
  try {
    const questions = readQuestions(values.questions);
    let participants: ParticipantConfig[];
    let close = async () => {};
    let chat: ReturnType<typeof createChatBackend>;
    if (values.live) {
      const user = vscodeUserDir(io.platform, io.env, io.home);
      const table = await liveTable({
        settingsFile: values.settings ?? path.join(user, 'settings.json'),
        storageDir: values.storage ?? path.join(user, 'globalStorage', 'roundtable.roundtable'),
        proxy: values.proxy,
        accessKey: io.env.ROUNDTABLE_ACCESS_KEY,
      });
      participants = table.participants;
      chat = table.chat;
      for (const problem of table.problems) io.err(`Settings: ${problem}\n`);
      for (const seat of table.skipped) io.err(`Left out: ${seat}.\n`);
      if (participants.length < 2)
        throw new Error('A council needs two seats that can be asked; your settings seat fewer.');
      const per = participants.length * 2 + 1;
      const question =
        `This asks your own seats (${participants.map((p) => p.id).join(', ')}) through ${table.endpoints.join(' and ')}: ` +
        `${questions.length} questions, ${questions.length * per} requests at least and up to ` +
        `${questions.length * per * (1 + maxDisputeRounds)} with dispute rounds${table.usesProxy ? ', on your subscriptions' : ''}. Go on?`;
      if (!values.yes && !(await io.confirm(question))) {
        io.err('Nothing was asked.\n');
        return 1;
      }
    } else {
      const seats = readSeats(values.seats as string, questions);
      participants = seats.map((s) => ({
        id: s.id,
        displayName: s.id,
        color: '#808080',
        model: scriptedModel(s.id),
        enabled: true,
      }));
      const server = await serveScriptedTable(new ScriptedTable(questions, seats));
      close = server.close;
      const root = server.url;
      chat = createChatBackend(
        async () => ({ ok: true, root, apiBase: `${root}/v1` }),
        async () => undefined,
      );
    }
    try {
      const runs = await runEval({
        questions,
        participants,
        chat,
        maxDisputeRounds,
        onQuestion: (run, i) => io.err(`${i + 1}/${questions.length} ${run.id}${run.error ? `: ${run.error}` : ''}\n`),
      });
      report = buildReport(
        questions,
        runs,
        participants.map((p) => p.id),
      );
    } finally {
      await close();
    }
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  io.out(markdownSummary(report));
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      questions: { type: 'string' },
      seats: { type: 'string' },
      live: { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      settings: { type: 'string' },
      storage: { type: 'string' },
      proxy: { type: 'string' },
      out: { type: 'string' },
      'max-dispute-rounds': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
}

/** The io of a real run: the process's streams, and a question answered on stdin. */
export function processIo(): EvalIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    confirm: async (question) => {
      const { createInterface } = await import('node:readline/promises');
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
      } finally {
        rl.close();
      }
    },
    env: process.env,
    platform: process.platform,
    home: homedir(),
  };
}
