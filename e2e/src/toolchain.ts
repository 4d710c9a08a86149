import { existsSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from './repoPaths';

/** Where the toolchain that scripts/e2e/install-toolchain.sh installs lives, and the browser to drive. */
export interface Toolchain {
  readonly cacheDir: string;
  readonly nodeVersion: string;
  readonly codeServerVersion: string;
  /** Directory holding Node 24's `node`: must come first on PATH, since code-server's bin is `#!/usr/bin/env node`. */
  readonly nodeBinDir: string;
  readonly codeServerBin: string;
  readonly chromiumPath: string;
}

export const installerPath = path.join(repoRoot, 'scripts', 'e2e', 'install-toolchain.sh');

/**
 * The installer script is the single source of the pinned versions: reading them from it (rather than repeating
 * them here) means a version bump there can never leave the harness looking in a stale folder.
 */
export function readPinnedVersion(script: string, name: 'NODE24_VERSION' | 'CODE_SERVER_VERSION'): string {
  const match = new RegExp(`^${name}=([0-9][0-9A-Za-z.+-]*)$`, 'm').exec(script);
  if (!match?.[1]) throw new Error(`${name}=<version> not found in ${installerPath}`);
  return match[1];
}

/** Same rule as the installer: ROUNDTABLE_E2E_CACHE, else ${XDG_CACHE_HOME:-$HOME/.cache}/roundtable-e2e. */
export function resolveCacheDir(env: NodeJS.ProcessEnv, home: string = os.homedir()): string {
  if (env.ROUNDTABLE_E2E_CACHE) return env.ROUNDTABLE_E2E_CACHE;
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'roundtable-e2e');
}

/**
 * Same rule as the installer: on Linux, the bin folder of the pinned `node-linux-<arch>` package; on macOS (no npm
 * package has Node 24 for arm64), the folder where the installer links the machine's own Node 24.
 */
export function resolveToolchain(
  env: NodeJS.ProcessEnv = process.env,
  installerScript: string = readFileSync(installerPath, 'utf8'),
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): Toolchain {
  const cacheDir = resolveCacheDir(env);
  const nodeVersion = readPinnedVersion(installerScript, 'NODE24_VERSION');
  const codeServerVersion = readPinnedVersion(installerScript, 'CODE_SERVER_VERSION');
  const nodeDir = path.join(cacheDir, `node24-${nodeVersion}`);
  return {
    cacheDir,
    nodeVersion,
    codeServerVersion,
    nodeBinDir:
      platform === 'linux'
        ? path.join(nodeDir, 'node_modules', `node-linux-${arch}`, 'bin')
        : path.join(nodeDir, 'bin'),
    codeServerBin: path.join(cacheDir, `code-server-${codeServerVersion}`, 'node_modules', '.bin', 'code-server'),
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
  };
}

/**
 * Fails with the command that fixes it, instead of an ENOENT from deep inside a spawn. The browser is needed by the
 * suite only: the demo's URL is opened by a person, in their own browser.
 */
export function assertToolchainInstalled(toolchain: Toolchain, needs: { readonly browser: boolean }): void {
  const files = [path.join(toolchain.nodeBinDir, 'node'), toolchain.codeServerBin];
  const missing = [...files, ...(needs.browser ? [toolchain.chromiumPath] : [])].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `E2E toolchain incomplete, missing: ${missing.join(', ')}. Run \`bash scripts/e2e/install-toolchain.sh\` ` +
        '(and `apt-get install -y chromium` for the browser).',
    );
  }
}
