import * as os from 'node:os';
import {
  findPython,
  installRealModel,
  type RealModel,
  type RealModelOptions,
  realModelPython,
  startRealModel,
} from '@roundtable/testkit';
import { chooseDemoTable, type DemoTable, INSTALL_LINE, LOCAL_ALIASES } from './demoTable';

// The demo's real table: the pinned local model (packages/testkit/src/real), installed into the cache once when
// missing, then started on loopback for the three seats. What fails is handed back as a reason, not thrown: the
// demo then seats the scripted replies instead of not starting.

export type LocalSeating =
  | { readonly ok: true; readonly model: RealModel }
  | { readonly ok: false; readonly reason: string };

export interface LocalSeatingDeps {
  readonly log: (line: string) => void;
  readonly install?: () => Promise<unknown>;
  readonly start?: (options: RealModelOptions) => Promise<RealModel>;
  /** CPUs this process may use (`os.availableParallelism()`). */
  readonly cpus?: number;
}

/**
 * Each slot gets a third: 4096 tokens hold the extension's system prompt and a few rounds of three 256-token
 * replies; SmolLM2 was trained on 8192, and a thread that outgrows it is named in one line by the extension.
 */
const CONTEXT = 3 * 4096;

/**
 * Threads for llama.cpp: a core is left for code-server, the extension host and the browser, and more than 4 gains
 * little on a 135M model; with 2 cores that is 1 (testkit found 2 beside other work ran at a tenth of the speed).
 */
export function modelThreads(cpus: number): number {
  return Math.max(1, Math.min(4, cpus - 1));
}

/** The table for this machine: Python is looked for only when it would be used (not installed, not `--scripted`). */
export async function demoTableHere(scripted: boolean, scriptedCommand: string): Promise<DemoTable> {
  const installed = !scripted && realModelPython().ok;
  const python = scripted || installed ? undefined : await findPython();
  return chooseDemoTable({ scripted, installed, python, scriptedCommand });
}

export async function seatLocalModel(
  table: Extract<DemoTable, { kind: 'real' }>,
  deps: LocalSeatingDeps,
): Promise<LocalSeating> {
  if (table.install) {
    deps.log(INSTALL_LINE);
    try {
      await (deps.install ?? (() => installRealModel()))();
    } catch (error) {
      return { ok: false, reason: `installing it failed: ${(error as Error).message}` };
    }
  }
  try {
    const model = await (deps.start ?? startRealModel)({
      aliases: LOCAL_ALIASES,
      ctx: CONTEXT,
      parallel: LOCAL_ALIASES.length,
      threads: modelThreads(deps.cpus ?? os.availableParallelism()),
    });
    return { ok: true, model };
  } catch (error) {
    return { ok: false, reason: `starting it failed: ${(error as Error).message}` };
  }
}
