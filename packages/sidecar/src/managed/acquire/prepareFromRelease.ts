import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PrepareBinary } from '../ManagedProxy';
import { PINNED_VERSION } from '../pinnedRelease';
import type { SidecarStateMachine } from '../sidecarState';
import { type AcquireOptions, type AcquireResult, acquireBinary } from './acquireBinary';
import { FileDigests } from './fileDigests';

/**
 * Where the SHA-256 of each installed binary is kept, taken when it was installed: somewhere a program that can
 * replace the binary in the storage folder cannot simply rewrite as well (the editor's secret storage).
 */
export interface InstalledHashes {
  get(version: string): Promise<string | undefined>;
  set(version: string, sha256: string): Promise<void>;
}

export interface PrepareFromReleaseOptions extends Omit<AcquireOptions, 'onStage'> {
  hashes: InstalledHashes;
  /** The session's hashes of files, so a restart of an unchanged binary does not read it again. */
  digests?: FileDigests;
}

/**
 * The usual way a managed proxy gets its binary: the pinned release, installed once (with consent), its progress
 * shown as the state machine's `downloading` and `verifying` states. The binary's own SHA-256, taken at install, is
 * checked again before every start (restarts after a crash included): a binary that changed since is refused and
 * removed, so the next start (the user's Restart) downloads the pinned release again, asking first. An installed
 * binary whose hash was never recorded (installed by an older Roundtable, or the record was lost) is not known to
 * be the one installed, so it is replaced the same way.
 */
export function prepareFromRelease(options: PrepareFromReleaseOptions): PrepareBinary {
  const digests = options.digests ?? new FileDigests();
  return (state) =>
    prepare(options, digests, state).catch((error: unknown) => ({
      ok: false as const,
      reason: `CLIProxyAPI could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
    }));
}

async function prepare(
  options: PrepareFromReleaseOptions,
  digests: FileDigests,
  state: SidecarStateMachine,
): ReturnType<PrepareBinary> {
  let installed = await acquire(options, state);
  if (!installed.ok) return { ok: false, reason: installed.reason };
  let expected = installed.downloaded ? installed.sha256 : await options.hashes.get(PINNED_VERSION);
  if (!expected) {
    await removeInstalled(installed.binaryPath);
    installed = await acquire(options, state);
    if (!installed.ok) return { ok: false, reason: installed.reason };
    if (!installed.downloaded) return { ok: false, reason: 'CLIProxyAPI could not be installed again.' };
    expected = installed.sha256;
  }
  if (installed.downloaded) await options.hashes.set(PINNED_VERSION, installed.sha256);
  const { binaryPath } = installed;
  const sha256 = expected;
  return { ok: true, binaryPath, verify: () => refuseIfChanged(binaryPath, sha256, digests) };
}

function acquire(options: PrepareFromReleaseOptions, state: SidecarStateMachine): Promise<AcquireResult> {
  return acquireBinary({
    ...options,
    onStage: (stage) =>
      state.move(
        stage.stage === 'downloading'
          ? {
              state: 'downloading',
              receivedBytes: stage.receivedBytes,
              ...(stage.totalBytes ? { totalBytes: stage.totalBytes } : {}),
            }
          : { state: 'verifying' },
      ),
  });
}

/** Why the binary may not start (and it is removed), or undefined when it is still the one installed. */
async function refuseIfChanged(
  binaryPath: string,
  expected: string,
  digests: FileDigests,
): Promise<string | undefined> {
  let actual: string;
  try {
    actual = await digests.sha256(binaryPath);
  } catch (error) {
    return `The installed CLIProxyAPI (${binaryPath}) cannot be read (${error instanceof Error ? error.message : String(error)}). Restarting downloads it again, after asking you.`;
  }
  if (actual === expected) return undefined;
  const changed = `The installed CLIProxyAPI (${binaryPath}) changed after Roundtable installed it (SHA-256 ${actual}, installed ${expected}), so it was not started`;
  try {
    await removeInstalled(binaryPath);
  } catch (error) {
    // Still refused: a start checks it again, and finds it changed again.
    return `${changed}. It could not be removed (${error instanceof Error ? error.message : String(error)}); remove ${dirname(binaryPath)} and restart to download the pinned release again.`;
  }
  return `${changed}, and it was removed. Restarting downloads the pinned release again, after asking you.`;
}

/** The version folder the binary was installed in, with everything in it. */
async function removeInstalled(binaryPath: string): Promise<void> {
  await rm(dirname(binaryPath), { recursive: true, force: true });
}
