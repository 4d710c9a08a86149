import * as path from 'node:path';
import type { RunDir } from './runDir';
import type { Toolchain } from './toolchain';

/**
 * The environment for every code-server process (server and CLI):
 * - Node 24 first on PATH, because code-server's bin is `#!/usr/bin/env node` and 4.139 cannot run on Node 20;
 * - XDG_* and TMPDIR inside the run folder, so its side files (logs, heartbeat, deviceid, IPC sockets) stay there;
 * - no inherited VSCODE_* variables: VSCODE_IPC_HOOK_CLI would make `--install-extension` talk to whatever VS Code
 *   the suite was started from, and others can change how the server boots;
 * - no NODE_OPTIONS: a loader that vitest or tsx put there is for Node 20, not for the server.
 */
export function codeServerEnv(
  toolchain: Toolchain,
  runDir: RunDir,
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (key.startsWith('VSCODE_') || key === 'NODE_OPTIONS' || key === 'ELECTRON_RUN_AS_NODE') continue;
    env[key] = value;
  }
  return {
    ...env,
    PATH: [toolchain.nodeBinDir, base.PATH ?? ''].filter(Boolean).join(path.delimiter),
    XDG_DATA_HOME: path.join(runDir.xdg, 'data'),
    XDG_CONFIG_HOME: path.join(runDir.xdg, 'config'),
    XDG_CACHE_HOME: path.join(runDir.xdg, 'cache'),
    TMPDIR: runDir.tmp,
  };
}
