import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DiskSyncs } from './diskSyncs';
import { Heartbeats } from './heartbeats';

/** What one run of the store worker's `turns` mode reported, as its lines arrived. */
export interface TurnsRun {
  child: ChildProcess;
  /** Settles once the worker has opened its threads and starts its turns. */
  ready: Promise<void>;
  /** Settles once the worker is gone and every line it printed has been read. */
  exited: Promise<void>;
  /** Message id -> when it completed (the worker's clock, epoch ms): the first report only. */
  completed: Map<string, number>;
  /** Message id -> when a save holding it first returned (fsynced), epoch ms. */
  durable: Map<string, number>;
  /** `save-problem` lines: a save that failed. */
  problems: string[];
  beats: Heartbeats;
  /** The worker's slow flushes to disk (`sync` lines). */
  disk: DiskSyncs;
  stderr: string[];
  /** Settles when the worker next starts folding a journal into its base (a compaction). */
  nextCompaction(): Promise<void>;
  /** True while a compaction the worker started has not finished. */
  compacting(): boolean;
  /** Settles when the worker next starts a Council turn. */
  nextCouncil(): Promise<void>;
  /** True while a Council turn the worker started has not ended. */
  inCouncil(): boolean;
}

/**
 * Starts the store worker (`storeWorker.ts`, bundled) running back-to-back turns over the storage folder `root`,
 * with replies of about `replyChars`, and collects what it reports. `durable` may be shared between runs (what a
 * killed run saved stays saved); everything else is this run's.
 */
export function startTurns(
  script: string,
  root: string,
  replyChars: number,
  durable: Map<string, number> = new Map(),
): TurnsRun {
  const child = spawn(process.execPath, ['--expose-gc', script, 'turns', root, String(replyChars)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const completed = new Map<string, number>();
  const problems: string[] = [];
  const beats = new Heartbeats();
  const disk = new DiskSyncs();
  let compactions = 0;
  let waiters: (() => void)[] = [];
  let councils = 0;
  let councilWaiters: (() => void)[] = [];
  let markReady = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    child.once('exit', (code, signal) =>
      reject(new Error(`worker exited early (${code ?? signal}): ${stderr.join('')}`)),
    );
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    const [kind, id, at] = line.split(' ');
    if (kind === 'ready') markReady();
    else if (kind === 'durable' && id && !durable.has(id)) durable.set(id, Number(at));
    else if (kind === 'complete' && id && !completed.has(id)) completed.set(id, Number(at));
    else if (kind === 'save-problem') problems.push(line);
    else if (kind === 'tick') beats.add(Number(id), Number(at));
    else if (kind === 'sync') disk.add(Number(id), Number(at));
    else if (kind === 'compacting') {
      compactions++;
      for (const wake of waiters) wake();
      waiters = [];
    } else if (kind === 'compacted') compactions--;
    else if (kind === 'council') {
      councils++;
      for (const wake of councilWaiters) wake();
      councilWaiters = [];
    } else if (kind === 'council-end') councils--;
  });
  // 'close', not 'exit': every line the child printed before it died has been read by then.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    ready,
    exited,
    completed,
    durable,
    problems,
    beats,
    disk,
    stderr,
    nextCompaction: () => new Promise<void>((resolve) => waiters.push(resolve)),
    compacting: () => compactions > 0,
    nextCouncil: () => new Promise<void>((resolve) => councilWaiters.push(resolve)),
    inCouncil: () => councils > 0,
  };
}

/** Milliseconds from completion to durable, for each message this run completed and saved. */
export function completionToDurable(run: Pick<TurnsRun, 'completed' | 'durable'>): number[] {
  const times: number[] = [];
  for (const [id, at] of run.completed) {
    const durableAt = run.durable.get(id);
    if (durableAt !== undefined) times.push(Math.max(0, durableAt - at));
  }
  return times;
}

/** The `p` quantile (0..1) of `values`, nearest rank; NaN when there are none. */
export function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}
