import { RecordingLogger } from '@roundtable/core/testing';
import { freePort, NO_EGRESS } from '@roundtable/testkit';
import { ProxyLease } from '../src/managed/lease/ProxyLease';
import { SharedProxy } from '../src/managed/lease/SharedProxy';
import { ManagedProxy } from '../src/managed/ManagedProxy';
import { watchedSpawner } from '../src/managed/watchdog/watchedSpawner';
import { filePasswordStore } from './filePasswordStore';

/**
 * One editor window's share of the proxy, as tests build it: every window of a test uses the same lease, password
 * file and auth-dir under `dir`, its own work folder, a quick tick, and no internet for the proxy. With `watchdog`
 * (the built watchdog program), its proxy runs under the watchdog, as the extension runs it.
 */
export function sharedWindow(args: {
  leasePath: string;
  dir: string;
  binaryPath: string;
  owner: string;
  ttlMs?: number;
  logger?: RecordingLogger;
  watchdog?: string;
}): SharedProxy {
  return new SharedProxy({
    lease: new ProxyLease({ path: args.leasePath, owner: args.owner, ...(args.ttlMs ? { ttlMs: args.ttlMs } : {}) }),
    passwords: filePasswordStore(`${args.dir}/password`),
    logger: args.logger ?? new RecordingLogger(),
    tickMs: 300,
    createSupervisor: (onReady) =>
      new ManagedProxy({
        binaryPath: args.binaryPath,
        workDir: `${args.dir}/run-${args.owner}`,
        authDir: `${args.dir}/auth`,
        accessKey: 'shared-key',
        preferredPort: 0,
        freePort,
        logger: new RecordingLogger(),
        env: { ...process.env, ...NO_EGRESS },
        ...(args.watchdog
          ? {
              spawner: watchedSpawner({
                nodePath: process.execPath,
                script: args.watchdog,
                lease: { path: args.leasePath, owner: args.owner },
                pollMs: 200,
              }),
            }
          : {}),
        onReady,
      }),
  });
}
