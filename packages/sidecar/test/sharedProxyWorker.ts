// A window in another process: runs a SharedProxy against a lease and storage given on the command line, prints
// one JSON line with its status each time it changes, and runs until killed (a crashed extension host, for tests).
// A sixth argument, the built watchdog program, runs its proxy under the watchdog.
import { sharedWindow } from './sharedWindow';

const [leasePath = '', dir = '', binaryPath = '', owner = '', ttlMs = '15000', watchdog] = process.argv.slice(2);

const shared = sharedWindow({
  leasePath,
  dir,
  binaryPath,
  owner,
  ttlMs: Number(ttlMs),
  ...(watchdog ? { watchdog } : {}),
});
shared.onDidChange((status) => {
  const state = status.role === 'owner' ? status.state : undefined;
  console.log(
    JSON.stringify({ role: status.role, state: state?.state, pid: state?.state === 'healthy' ? state.pid : undefined }),
  );
});
void shared.start();
