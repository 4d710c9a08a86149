// A child process standing in for one VS Code window: a real Orchestrator over the real file repository.
//
//   race <root> <threadId> <name> <count>   append <count> messages to one shared thread, merging what the
//                                           other processes write; print "done" and exit
//   turns <root> [replyChars]               run turns forever, one after another, on three threads with a fake
//                                           model (replies of about `replyChars`), one of them a Council of two
//                                           seats ("council <id> <epoch ms>" as each starts, "council-end <id>
//                                           <epoch ms>" once it ends), printing "complete <id>
//                                           <epoch ms>" when a message completes, "durable <id> <epoch ms>" once a
//                                           save holding it has returned (fsynced), "save-problem <reason>" if a save
//                                           fails, "tick <epoch ms> <CPU ms>" every HEARTBEAT_MS, and "sync <epoch
//                                           ms> <ms>" for each flush to disk that took SLOW_SYNC_MS or more; now and then
//                                           it folds a thread's journal into its base meanwhile ("compacting <id>
//                                           <epoch ms>" as it starts, "compacted <id> <epoch ms>" once done)
import { type ChatBackend, silentLogger } from '@roundtable/core';
import { FileThreadRepository } from '../../src/storage/FileThreadRepository';
import { timedSyncFs } from './diskSyncs';
import { HEARTBEAT_MS } from './heartbeats';
import { oneSeatOrchestrator, reportingSaves } from './oneSeat';

const [mode = '', root = '', ...rest] = process.argv.slice(2);
const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const replyChars = mode === 'turns' ? Number(rest[0] ?? 0) : 0;
/** The thread whose turns are Councils. */
const COUNCIL = 'council';

/** A model that answers in a few chunks, a few milliseconds apart (together about `replyChars` long). */
const fakeModel: ChatBackend = async function* (_request, signal) {
  const chunks = 2 + Math.floor(Math.random() * 5);
  for (let i = 0; i < chunks; i++) {
    await sleep(2 + Math.random() * 8);
    if (signal.aborted) throw signal.reason;
    yield { type: 'delta', text: `chunk ${i} ${'x'.repeat(Math.floor(replyChars / chunks))}` };
  }
  yield { type: 'finish', reason: 'stop' };
};

async function race(threadId: string, name: string, count: number): Promise<void> {
  const files = new FileThreadRepository({ root, logger: silentLogger });
  const o = oneSeatOrchestrator(files, fakeModel);
  const opened = await o.store.open(threadId);
  if (!opened.ok) throw new Error(`cannot open ${threadId}: ${opened.reason}`);
  for (let i = 0; i < count; i++) {
    o.store.append(
      threadId,
      { id: `${name}-${i}`, role: 'user', speaker: 'user', content: `${name} ${i}`, status: 'complete' },
      'urgent',
    );
    if (Math.random() < 0.5) await o.store.flush();
    if (Math.random() < 0.3) await files.findChanges();
    await sleep(Math.random() * 3);
  }
  await o.store.flush();
  out('done');
}

async function turns(): Promise<void> {
  const files = new FileThreadRepository({
    root,
    logger: silentLogger,
    fs: timedSyncFs((start, ms) => out(`sync ${start} ${ms}`)),
  });
  // Every message of a save that returned is on disk (fsynced) from then on. Each is reported once: a save holds the
  // whole thread, and printing hundreds of lines per save (stdout to a pipe is written synchronously on Linux) would
  // slow the very saves being measured.
  const reported = new Set<string>();
  const o = oneSeatOrchestrator(
    reportingSaves(files, (t) => {
      const at = Date.now();
      for (const m of t.messages) {
        // A reply still streaming is written under its turn's lease, but it is not complete: it is durable once a
        // save holds it ended.
        if (reported.has(m.id) || m.status === 'streaming') continue;
        reported.add(m.id);
        out(`durable ${m.id} ${at}`);
      }
    }),
    fakeModel,
    { council: true },
  );
  o.store.onDidChange((change) => {
    if (change.kind === 'messageAdded' && change.message.status === 'complete') {
      out(`complete ${change.message.id} ${Date.now()}`);
    }
    if (change.kind === 'messageChanged' && change.patch.status && change.patch.status !== 'streaming') {
      out(`complete ${change.message.id} ${Date.now()}`);
    }
    if (change.kind === 'saveProblemChanged' && change.problem) out(`save-problem ${change.problem.reason}`);
  });
  await o.store.initialize();
  // The threads carried over from the previous (killed) run (opening them finds its turn cut off), and the Council's
  // thread, made by the first run.
  const threads: string[] = [];
  for (const summary of o.store.catalog.list()) {
    const opened = await o.store.open(summary.id);
    if (opened.ok) threads.push(opened.lease.threadId);
  }
  if (!threads.includes(COUNCIL)) {
    threads.push((await o.newThread(COUNCIL)).threadId);
    o.setMode(COUNCIL, 'council');
  }
  // What the last run's turns left cut off is marked, and written, before any new turn starts.
  await o.store.leasesReady();
  await o.store.flush();
  // Loading megabytes of threads leaves much garbage: collect it now (when run with --expose-gc) rather than in a
  // pause during the first turns.
  (globalThis as { gc?: () => void }).gc?.();
  out('ready');
  // Heartbeats with the CPU time used so far, so a test can tell time this process was starved of the CPU.
  setInterval(() => {
    const cpu = process.cpuUsage();
    out(`tick ${Date.now()} ${Math.round((cpu.user + cpu.system) / 1_000)}`);
  }, HEARTBEAT_MS);
  // Compactions (which a long journal or an idle thread starts) at random moments too, so kills land in them.
  void (async () => {
    for (;;) {
      await sleep(1_000 + Math.random() * 1_000);
      const threadId = threads[Math.floor(Math.random() * threads.length)] ?? '';
      out(`compacting ${threadId} ${Date.now()}`);
      await files.compactNow(threadId);
      out(`compacted ${threadId} ${Date.now()}`);
    }
  })();
  // One turn after another, from thread to thread, as a window's user works: each turn's saves have the disk to
  // themselves but for the compactions.
  for (let i = 0; ; i++) {
    const threadId = threads[i % threads.length] ?? '';
    const council = threadId === COUNCIL;
    if (council) out(`council ${threadId} ${Date.now()}`);
    const sent = await o.send(threadId, `${council ? '@all' : '@claude'} turn ${i}`);
    if (!sent.ok) throw new Error(sent.reason);
    await o.runner.whenIdle(threadId);
    if (council) out(`council-end ${threadId} ${Date.now()}`);
    await sleep(Math.random() * 10);
  }
}

const run = mode === 'race' ? race(rest[0] ?? '', rest[1] ?? '', Number(rest[2] ?? 0)) : turns();
run.then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
