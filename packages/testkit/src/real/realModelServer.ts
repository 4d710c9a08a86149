import { type ChildProcess, spawn } from 'node:child_process';
import { realModelPython, serveScript } from './realModelInstall';

/** Set (as `.ci/run` does) to make a missing model server a failure instead of a skip. */
export const REQUIRE_REAL_MODEL = process.env.ROUNDTABLE_REQUIRE_REAL_MODEL === '1';

export interface RealModelOptions {
  /** The names the one model answers to; several let several seats share the server. Default `smol-a`, `smol-b`, `smol-c`. */
  aliases?: readonly string[];
  /** The context, shared by the parallel slots (each gets its part). Default 8192. */
  ctx?: number;
  /** Requests served at once. Default 3: a table of three asks at once in Independent and Council. */
  parallel?: number;
  /** CPU threads. Default 1: with 2 on a 2-core machine beside other work its speed collapsed to a tenth. */
  threads?: number;
}

export interface RealModel {
  /** E.g. `http://127.0.0.1:41234` (no `/v1`). */
  readonly url: string;
  /** The OpenAI-compatible base: `${url}/v1`. */
  readonly baseUrl: string;
  readonly aliases: readonly string[];
  readonly process: ChildProcess;
  /** What the server logged so far (stdout and stderr). */
  output(): string;
  /** Ends the server (stdin closed, then SIGTERM, then SIGKILL after 5 s) and waits for it to be gone. */
  close(): Promise<void>;
}

export const DEFAULT_ALIASES = ['smol-a', 'smol-b', 'smol-c'] as const;

/** How long the model may take to load; it takes about 3.5 s on a 2-core machine. */
const READY_WITHIN_MS = 60_000;

/**
 * Starts llama.cpp's server on the pinned test model, on 127.0.0.1 and a port the OS picks, and resolves once
 * `/health` answers 200 (it answers 503 while the model loads). The server ends with its parent too: it exits when
 * its stdin closes.
 */
export async function startRealModel(options: RealModelOptions = {}): Promise<RealModel> {
  const found = realModelPython();
  if (!found.ok) throw new Error(found.reason);
  const aliases = options.aliases ?? DEFAULT_ALIASES;
  const args = [
    serveScript(),
    '--port',
    '0',
    ...aliases.flatMap((alias) => ['--alias', alias]),
    '--ctx',
    String(options.ctx ?? 8192),
    '--parallel',
    String(options.parallel ?? 3),
    '--threads',
    String(options.threads ?? 1),
  ];
  const child = spawn(found.python, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin?.end();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    const url = await waitForReady(
      () => output,
      () => gone,
    );
    return { url, baseUrl: `${url}/v1`, aliases, process: child, output: () => output, close };
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
}

async function waitForReady(output: () => string, gone: () => boolean): Promise<string> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let url: string | undefined;
  while (Date.now() < deadline) {
    if (gone()) throw new Error('the real model server exited while starting');
    url ??= /ROUNDTABLE_MODEL_SERVER (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    if (url) {
      const status = await fetch(`${url}/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return url;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the real model server was not ready within ${READY_WITHIN_MS / 1000} s`);
}
