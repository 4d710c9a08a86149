// The managed proxy's watchdog: a small Node program of ours between the extension host and CLIProxyAPI, so the
// proxy ends when the window that started it does, however it ends. The host starts it (`watchedSpawner`) with the
// proxy's command line as its argument; it starts the proxy, whose output goes straight to the host's pipes, and
// stops it (SIGTERM, then SIGKILL after a grace period) when:
// - its stdin closes: the host is gone (a crash, SIGKILL, a power loss of the host process), on every system, at
//   once, with no polling;
// - the lease file says the host no longer holds the proxy (`watchRules.ts`), read every `pollMs`: a host that
//   hangs, or a window that took over.
// It is also how the host stops the proxy: a signal's name on a line of stdin, passed on to the proxy (Windows has
// no signals to send to this process). On fd 3 it tells the host, one JSON line each, the proxy's pid and, at the
// end, how the proxy exited; then it exits itself.
//
// Invariant: this process never outlives the proxy by more than its grace period, and the proxy never outlives it
// unless SIGKILL reached this process itself while its host was alive (then the host still stops the proxy by pid).
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { ProxyLease } from '../lease/ProxyLease';
import { look, startWatch, type WatchState } from './watchRules';

/**
 * How the watchdog is started: `node proxyWatchdog.js <command> <options as JSON>`. The program it runs is an
 * argument of its own, so a process list (or anything that audits what Roundtable starts) sees which program the
 * watchdog was asked to run without parsing the options.
 */
export interface WatchdogOptions {
  args: string[];
  cwd: string;
  /** The lease to watch, and the id this window holds it under; absent: only stdin is watched. */
  lease?: { path: string; owner: string };
  pollMs?: number;
  graceMs?: number;
}

const REPORT_FD = 3;
const SIGNALS = new Set(['SIGTERM', 'SIGKILL']);

function report(message: object): void {
  try {
    writeSync(REPORT_FD, `${JSON.stringify(message)}\n`);
  } catch {
    // The host is gone: nobody to tell.
  }
}

function main(): void {
  const command = process.argv[2] ?? '';
  const options = JSON.parse(process.argv[3] ?? '') as WatchdogOptions;
  const env = { ...process.env };
  // Set so an Electron build of the editor runs this file as Node; the proxy is no Electron program.
  delete env.ELECTRON_RUN_AS_NODE;
  const proxy = spawn(command, options.args, {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    windowsHide: true,
    shell: false,
  });
  let stopping: NodeJS.Timeout | undefined;
  const stop = (why: string) => {
    if (stopping) return;
    if (why) process.stderr.write(`Roundtable's watchdog stops CLIProxyAPI: ${why}.\n`);
    proxy.kill('SIGTERM');
    stopping = setTimeout(() => proxy.kill('SIGKILL'), options.graceMs ?? 5_000);
  };
  proxy.once('spawn', () => report({ pid: proxy.pid }));
  proxy.once('error', (error) => {
    report({ exit: { code: null, signal: null, error: error.message } });
    process.exit(1);
  });
  proxy.once('exit', (code, signal) => {
    report({ exit: { code, signal } });
    process.exit(code ?? 1);
  });

  let pending = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end).trim();
      pending = pending.slice(end + 1);
      if (SIGNALS.has(line)) proxy.kill(line as NodeJS.Signals);
    }
  });
  process.stdin.once('end', () => stop('the window that started it is gone'));
  process.stdin.once('error', () => stop('the window that started it is gone'));
  // POSIX: a signal sent to this process (by a host that predates the stdin protocol, or a user) reaches the proxy.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => stop(`it was sent ${signal}`));
  }
  if (options.lease) void watchLease(options.lease, options.pollMs ?? 2_000, stop);
}

async function watchLease(
  lease: { path: string; owner: string },
  pollMs: number,
  stop: (why: string) => void,
): Promise<void> {
  const file = new ProxyLease({ path: lease.path, owner: lease.owner });
  let state: WatchState = startWatch(await file.read());
  const timer = setInterval(async () => {
    const verdict = look(state, await file.read(), lease.owner, Date.now());
    if (verdict.stop) {
      clearInterval(timer);
      stop(verdict.why);
    } else state = verdict.state;
  }, pollMs);
  timer.unref();
}

main();
