import * as path from 'node:path';
import { expect, test } from 'vitest';
import { codeServerEnv } from './processEnv';
import type { RunDir } from './runDir';
import type { Toolchain } from './toolchain';

test('puts Node 24 first, contains XDG and TMPDIR, and drops variables that would leak into the server', () => {
  const toolchain = { nodeBinDir: '/cache/node24/bin' } as Toolchain;
  const runDir = { xdg: '/run/xdg', tmp: '/tmp/rt-e2e-1' } as RunDir;
  const env = codeServerEnv(toolchain, runDir, {
    PATH: '/usr/bin',
    HOME: '/root',
    NODE_OPTIONS: '--import tsx',
    VSCODE_IPC_HOOK_CLI: '/tmp/vscode-ipc.sock',
    ELECTRON_RUN_AS_NODE: '1',
  });
  expect(env).toEqual({
    PATH: ['/cache/node24/bin', '/usr/bin'].join(path.delimiter),
    HOME: '/root',
    XDG_DATA_HOME: '/run/xdg/data',
    XDG_CONFIG_HOME: '/run/xdg/config',
    XDG_CACHE_HOME: '/run/xdg/cache',
    TMPDIR: '/tmp/rt-e2e-1',
  });
});
