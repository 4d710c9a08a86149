import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nodeSpawner, type ProcessSpawner, type SpawnedProcess, scrubbedEnv } from './processPort';
import { renderManagedConfig } from './proxyConfig';

export interface SpawnProxyRequest {
  binary: string;
  /** A private folder: `config.yaml` is written here and the process runs here. */
  workDir: string;
  authDir: string;
  accessKey: string;
  port: number;
  /** This launch's secret for the management API. */
  password: string;
  spawner?: ProcessSpawner;
  env: NodeJS.ProcessEnv;
  proxyEnv?: Readonly<Record<string, string>>;
  /** Each non-empty line the proxy prints. */
  onLine: (line: string) => void;
}

/**
 * Writes the proxy's config (0600, in a 0700 folder) and spawns it: no shell, a scrubbed environment, the management
 * secret as `MANAGEMENT_PASSWORD`. Returns the child and the last 64 KB of what it printed.
 */
export async function spawnProxy(request: SpawnProxyRequest): Promise<{ child: SpawnedProcess; output: () => string }> {
  const { workDir, authDir, accessKey, port, password } = request;
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  await mkdir(authDir, { recursive: true, mode: 0o700 });
  const configPath = join(workDir, 'config.yaml');
  await writeFile(configPath, renderManagedConfig({ port, authDir, accessKey }), { mode: 0o600 });
  const child = (request.spawner ?? nodeSpawner)(
    request.binary,
    // -local-model: the model catalogue built into the pinned release, never a fresh one from the internet. No
    // `-password`: a command line is readable by every local account, and the pinned release accepts that password
    // for its management API too (logins included). The secret goes in the environment only, which only this
    // account can read, and never on disk.
    ['-config', configPath, '-local-model'],
    {
      cwd: workDir,
      env: { ...scrubbedEnv(request.env), ...request.proxyEnv, MANAGEMENT_PASSWORD: password },
    },
  );
  let output = '';
  child.onOutput((text) => {
    output = (output + text).slice(-64 * 1024);
    for (const line of text.split(/\r?\n/)) if (line.trim()) request.onLine(line);
  });
  return { child, output: () => output };
}
