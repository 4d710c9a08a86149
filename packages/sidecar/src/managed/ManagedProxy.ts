import { randomBytes } from 'node:crypto';
import { Disposable, type IDisposable, MutableDisposable } from '@roundtable/core/base/lifecycle';
import { redactSecrets } from '@roundtable/core/llm/redactSecret';
import { type Clock, type FetchLike, type Logger, systemClock } from '@roundtable/core/ports';
import { pingOwnProxy } from './ownProxyPing';
import type { ProcessExit, ProcessSpawner, SpawnedProcess } from './processPort';
import { DEFAULT_RESTART_POLICY, decideRestart, type RestartPolicyOptions } from './restartPolicy';
import { SidecarStateMachine } from './sidecarState';
import { spawnProxy } from './spawnProxy';
import { waitUntilReady } from './waitUntilReady';

export interface ManagedProxyTiming {
  /** How long a start may take before it counts as a failed start. */
  readyTimeoutMs: number;
  /** Between two checks that the proxy answers, as ours. */
  heartbeatMs: number;
  /** After SIGTERM, how long to wait before SIGKILL (the proxy may wait 30 s for a stalled stream). */
  stopGraceMs: number;
}

/**
 * Finds or fetches the binary before a start (asking, downloading, verifying); tells the state machine how it goes.
 * `verify`, when given, runs before every spawn of the binary (restarts included) and says why it may not run.
 */
export type PrepareBinary = (
  state: SidecarStateMachine,
) => Promise<
  { ok: true; binaryPath: string; verify?: () => Promise<string | undefined> } | { ok: false; reason: string }
>;

export interface ManagedProxyOptions {
  /** The binary, or how to get it (run at each start from idle, stopped or failed). */
  binaryPath: string | PrepareBinary;
  /** A private folder: `config.yaml` is written here and the process runs here. */
  workDir: string;
  /** Where the proxy keeps login tokens; Roundtable never opens its files. */
  authDir: string;
  /** The random local key clients must send. */
  accessKey: string;
  /** 0 picks a free port. */
  preferredPort: number;
  logger: Logger;
  freePort: () => Promise<number>;
  spawner?: ProcessSpawner;
  fetch?: FetchLike;
  clock?: Clock;
  random?: () => number;
  policy?: RestartPolicyOptions;
  timing?: Partial<ManagedProxyTiming>;
  env?: NodeJS.ProcessEnv;
  /**
   * Variables for the proxy alone, over the scrubbed environment. Only tests set them (where the proxy's own
   * internet requests go); the shipped extension passes them only when VS Code runs it for development or tests.
   */
  proxyEnv?: Readonly<Record<string, string>>;
  /**
   * Told each time a newly spawned proxy is ready, and awaited before it counts as healthy: where it is, and the
   * secret its management API takes.
   */
  onReady?: (ready: { port: number; pid: number | undefined; password: string }) => void | Promise<void>;
}

const DEFAULT_TIMING: ManagedProxyTiming = { readyTimeoutMs: 15_000, heartbeatMs: 3_000, stopGraceMs: 5_000 };
/** A start that finds its port taken tries another one this many times before it counts as a crash. */
const PORT_TRIES = 5;

/**
 * Runs CLIProxyAPI and keeps it running: writes its config, spawns it with a fresh management secret (in its
 * environment, never on its command line), waits until it answers as itself, checks every few seconds that it still
 * does, restarts it when it dies (by the restart policy, which gives up after repeated crashes), and stops it on
 * request. If this process dies without stopping it, the proxy ends at its next log line (its output pipe is gone),
 * which the next check of any other window causes; the next owner also stops it before starting its own.
 *
 * Invariants: at most one child at a time; `state` changes only through the state machine's allowed moves; work
 * started for an earlier launch (a probe, a timer, an exit) never touches a later one (each launch has a generation);
 * the access key and the password never reach the log.
 */
export class ManagedProxy extends Disposable {
  readonly state = this._register(new SidecarStateMachine());
  private readonly timing: ManagedProxyTiming;
  private readonly clock: Clock;
  private readonly timer = this._register(new MutableDisposable<IDisposable>());
  private child: SpawnedProcess | undefined;
  private password = '';
  private binary = '';
  private verify: (() => Promise<string | undefined>) | undefined;
  private port: number;
  private generation = 0;
  private crashes: number[] = [];

  constructor(private readonly options: ManagedProxyOptions) {
    super();
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    this.port = options.preferredPort;
  }

  /** The URL clients use while it is healthy. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts it (again after a stop or a give-up: the crash count starts over). No-op while it runs or starts. */
  async start(): Promise<void> {
    const now = this.state.current.state;
    if (now === 'starting' || now === 'healthy' || now === 'unhealthy' || now === 'backoff') return;
    if (now === 'downloading' || now === 'verifying') return;
    this.crashes = [];
    const { binaryPath } = this.options;
    if (typeof binaryPath === 'string') {
      this.binary = binaryPath;
      this.verify = undefined;
    } else {
      const generation = this.generation;
      const prepared = await binaryPath(this.state);
      if (generation !== this.generation) return; // stopped meanwhile
      if (!prepared.ok) {
        this.state.move({ state: 'failed', reason: prepared.reason });
        return;
      }
      this.binary = prepared.binaryPath;
      this.verify = prepared.verify;
    }
    await this.launch(1);
  }

  /** Stops it: SIGTERM, then SIGKILL after the grace period. Resolves once the process is gone. */
  async stop(reason?: string): Promise<void> {
    this.generation += 1;
    this.timer.clear();
    const child = this.child;
    this.child = undefined;
    if (child) await this.terminate(child);
    if (this.state.current.state !== 'stopped' || reason)
      this.state.move({ state: 'stopped', ...(reason ? { reason } : {}) });
  }

  override dispose(): void {
    void this.stop();
    super.dispose();
  }

  private async launch(attempt: number): Promise<void> {
    const generation = ++this.generation;
    const refused = await this.verify?.();
    if (generation !== this.generation) return;
    if (refused) {
      this.options.logger.error(refused);
      this.state.move({ state: 'failed', reason: refused });
      return;
    }
    if (this.port === 0) this.port = await this.options.freePort(); // 0: any free port
    for (let tries = 1; ; tries++) {
      this.state.move({ state: 'starting', port: this.port, attempt });
      const started = await this.spawnOnce();
      if (generation !== this.generation) return;
      if (!started.ok) return this.crashed(started.reason, generation);
      const ready = await waitUntilReady({
        url: this.url,
        password: this.password,
        child: started.child,
        output: started.output,
        timeoutMs: this.timing.readyTimeoutMs,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      });
      if (generation !== this.generation) return;
      if (ready.kind === 'ready') {
        // Told before it counts as healthy, so whoever acts on "healthy" (the management API, other windows) finds
        // this launch's password already stored.
        this.watch(started.child, generation);
        await this.options.onReady?.({ port: this.port, pid: started.child.pid, password: this.password });
        if (generation !== this.generation || this.child !== started.child) return;
        this.state.move({ state: 'healthy', port: this.port, pid: started.child.pid });
        this.heartbeat(generation, 0);
        return;
      }
      if (ready.kind === 'port-taken' && tries < PORT_TRIES) {
        await this.terminate(started.child);
        this.options.logger.warn(`Port ${this.port} is taken (${ready.detail}); trying another.`);
        this.port = await this.options.freePort();
        continue;
      }
      await this.terminate(started.child);
      if (generation !== this.generation) return;
      return this.crashed(ready.detail, generation);
    }
  }

  private async spawnOnce(): Promise<
    { ok: true; child: SpawnedProcess; output: () => string } | { ok: false; reason: string }
  > {
    try {
      this.password = randomBytes(24).toString('hex');
      const spawned = await spawnProxy({
        binary: this.binary,
        workDir: this.options.workDir,
        authDir: this.options.authDir,
        accessKey: this.options.accessKey,
        port: this.port,
        password: this.password,
        ...(this.options.spawner ? { spawner: this.options.spawner } : {}),
        env: this.options.env ?? process.env,
        ...(this.options.proxyEnv ? { proxyEnv: this.options.proxyEnv } : {}),
        onLine: (line) => this.options.logger.info(`[cliproxyapi] ${this.redact(line)}`),
      });
      this.child = spawned.child;
      // Its last line may become a failure's reason, which the pill and the log show.
      return { ok: true, child: spawned.child, output: () => this.redact(spawned.output()) };
    } catch (error) {
      return {
        ok: false,
        reason: `CLIProxyAPI could not be started: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** An exit nobody asked for is a crash. */
  private watch(child: SpawnedProcess, generation: number): void {
    void child.exited.then((exit) => {
      if (generation !== this.generation || this.child !== child) return;
      this.child = undefined;
      this.crashed(`CLIProxyAPI exited (${describeExit(exit)}).`, generation);
    });
  }

  private crashed(reason: string, generation: number): void {
    this.timer.clear();
    const now = this.clock.now().getTime();
    this.crashes.push(now);
    const decision = decideRestart(
      this.crashes,
      now,
      this.options.random ?? Math.random,
      this.options.policy ?? DEFAULT_RESTART_POLICY,
    );
    this.options.logger.warn(reason);
    if (decision.kind === 'give-up') {
      this.state.move({ state: 'failed', reason: `${decision.reason} Last: ${reason}` });
      return;
    }
    this.state.move({ state: 'backoff', reason, retryAt: now + decision.delayMs });
    this.timer.value = this.clock.setTimeout(() => {
      if (generation === this.generation) void this.launch(this.crashes.length + 1);
    }, decision.delayMs);
  }

  /** Checks it answers as ours; a failed check makes it unhealthy (the exit, if it comes, makes it a crash). */
  private heartbeat(generation: number, delayMs: number): void {
    this.timer.value = this.clock.setTimeout(async () => {
      if (generation !== this.generation) return;
      const problem = await this.ping();
      if (generation !== this.generation) return;
      const current = this.state.current.state;
      if (problem && current === 'healthy') this.state.move({ state: 'unhealthy', port: this.port, reason: problem });
      if (!problem && current === 'unhealthy')
        this.state.move({ state: 'healthy', port: this.port, pid: this.child?.pid });
      if (current === 'healthy' || current === 'unhealthy') this.heartbeat(generation, this.timing.heartbeatMs);
    }, delayMs);
  }

  private ping(): Promise<string | undefined> {
    return pingOwnProxy(this.url, this.password, this.options.fetch);
  }

  private async terminate(child: SpawnedProcess): Promise<void> {
    child.kill('SIGTERM');
    let handle: IDisposable | undefined;
    const killed = new Promise<void>((resolve) => {
      handle = this.clock.setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, this.timing.stopGraceMs);
    });
    await Promise.race([child.exited, killed]);
    handle?.dispose();
    await child.exited;
  }

  private redact(text: string): string {
    return redactSecrets(text, [this.options.accessKey, this.password]);
  }
}

function describeExit(exit: ProcessExit & { error?: string }): string {
  if (exit.error) return exit.error;
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}
