import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Emitter } from '@roundtable/core/base/event';
import type { SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import { checkProxy } from '@roundtable/sidecar/checkProxy';
import { withFileLock } from '@roundtable/sidecar/fs/fileLock';
import { FileDigests } from '@roundtable/sidecar/managed/acquire/fileDigests';
import { freeLoopbackPort } from '@roundtable/sidecar/managed/freeLoopbackPort';
import { ProxyLease } from '@roundtable/sidecar/managed/lease/ProxyLease';
import { SharedProxy, type SharedProxyStatus } from '@roundtable/sidecar/managed/lease/SharedProxy';
import { loginCommandLine } from '@roundtable/sidecar/managed/loginInTerminal';
import { ManagedProxy } from '@roundtable/sidecar/managed/ManagedProxy';
import { LOGIN_PROVIDERS, ManagementClient, runLogin } from '@roundtable/sidecar/managed/management';
import { assetFor } from '@roundtable/sidecar/managed/pinnedRelease';
import { PINNED_VERSION } from '@roundtable/sidecar/managed/releasePlatforms';
import { providerForModel } from '@roundtable/sidecar/managed/seats';
import { watchedSpawner } from '@roundtable/sidecar/managed/watchdog/watchedSpawner';
import { describeUnavailableModels, findUnavailableModels } from '@roundtable/sidecar/servedModels';
import { describeSharedStatus } from './describeSharedStatus';
import type { ManagedSidecar, ManagedSidecarDeps, StartManagedSidecar } from './managedApi';
import { binarySource, installedHashes, verifiedInstall } from './managedBinary';
import { SeatWatch } from './seatWatch';

const ACCESS_KEY_SECRET = 'roundtable.managedProxyAccessKey';
const PASSWORD_SECRET = 'roundtable.managedProxyPassword';

/**
 * The managed proxy in one window: a share of the proxy all windows use (`SharedProxy`), with the binary found at
 * `roundtable.sidecar.binaryPath` or fetched from the pinned release (asking first), its state told as the status pill
 * reads it, and its download shown while it runs.
 */
export const startManagedSidecar: StartManagedSidecar = (deps) => {
  const root = join(deps.storageDir, 'cliproxyapi');
  const changes = new Emitter<SidecarStatus>();
  let status: SidecarStatus = { state: 'checking', detail: 'Looking for CLIProxyAPI…' };
  let accessKey: Promise<string> | undefined;
  let key = '';
  const ensureKey = () => (accessKey ??= sharedAccessKey(deps, root).then((made) => (key = made)));
  // One for the window's session: a restart of an unchanged binary is not read again.
  const digests = new FileDigests();
  const hashes = installedHashes(deps);

  const lease = new ProxyLease({ path: join(root, 'lease.json'), owner: randomBytes(8).toString('hex') });
  // The proxy ends with this window's share of it: the watchdog stops it when the host is gone or the lease is lost.
  const spawner = watchedSpawner({ ...deps.watchdog, lease: { path: join(root, 'lease.json'), owner: lease.owner } });
  const shared = new SharedProxy({
    lease,
    passwords: { get: () => deps.secrets.get(PASSWORD_SECRET), set: (v) => deps.secrets.store(PASSWORD_SECRET, v) },
    logger: deps.logger,
    createSupervisor: (onReady) => {
      const supervisor = new ManagedProxy({
        binaryPath: binarySource(deps, hashes, digests),
        workDir: join(root, 'run'),
        authDir: join(root, 'auth'),
        accessKey: key, // known: the share starts only once the key is
        preferredPort: deps.preferredPort,
        logger: deps.logger,
        freePort: freeLoopbackPort,
        spawner,
        ...(deps.proxyEnv ? { proxyEnv: deps.proxyEnv } : {}),
        onReady,
      });
      return supervisor;
    },
  });

  // The management API takes the launch's secret, which every window finds in secret storage.
  const management = new ManagementClient(
    () => sidecar.url(),
    () => deps.secrets.get(PASSWORD_SECRET),
  );
  // Which participants' models the proxy does not serve now: said on the green pill too, and their seats are left
  // out of turns (the seat map says so, with the fix).
  let modelsNote = '';
  let last: SharedProxyStatus = { role: 'none' };
  const publish = () => {
    const described = describeSharedStatus(last);
    status =
      described.state === 'healthy' && modelsNote
        ? { ...described, detail: `${described.detail} ${modelsNote}` }
        : described;
    changes.fire(status);
  };
  /** The models the proxy serves now, read with each look at the seats (undefined when it cannot say). */
  const servedModels = async (): Promise<readonly string[] | undefined> => {
    const url = sidecar.url();
    if (!url) return undefined;
    const health = await checkProxy({ root: url, accessKey: await ensureKey() }, new AbortController().signal);
    if (!health.ok) return undefined;
    const missing = findUnavailableModels(deps.participants(), health.models);
    const note = missing.length ? `Not served now: ${describeUnavailableModels(missing)}.` : '';
    if (note !== modelsNote) {
      modelsNote = note;
      if (note)
        deps.logger.warn(
          `CLIProxyAPI does not serve ${note.slice('Not served now: '.length)} Sign in to their providers.`,
        );
      publish();
    }
    return health.models;
  };
  const seats = new SeatWatch(
    management,
    () => sidecar.url() !== undefined,
    deps.participants,
    deps.logger,
    servedModels,
  );
  const report = (next: SharedProxyStatus) => {
    const wasUp = status.state === 'healthy';
    last = next;
    publish();
    if (status.state === 'healthy' && !wasUp) seats.restarted();
  };
  shared.onDidChange(report);
  void ensureKey().then(() => shared.start());

  const sidecar: ManagedSidecar = {
    get current() {
      return status;
    },
    onDidChange: changes.event,
    url: () => (isUp(shared.status) ? shared.url : undefined),
    accessKey: ensureKey,
    restart: async () => {
      await shared.stop();
      await shared.start();
    },
    stop: () => shared.stop(),
    loginProviders: () => LOGIN_PROVIDERS,
    login: async (provider, open, signal) => {
      const known = LOGIN_PROVIDERS.find((p) => p.id === provider);
      if (!known) return { kind: 'failed', reason: `Unknown provider ${provider}.` };
      const outcome = await runLogin(management, known.id, { open, signal });
      await seats.refresh();
      return outcome;
    },
    terminalLogin: async (provider) => {
      const known = LOGIN_PROVIDERS.find((p) => p.id === provider);
      const found = assetFor(process.platform, process.arch);
      const binary =
        deps.binaryPath.trim() || (found.ok ? await verifiedInstall(deps, found.asset, hashes, digests) : undefined);
      if (!known || !binary) return undefined;
      return loginCommandLine(known.id, binary, join(root, 'run', 'config.yaml'));
    },
    seats,
    seatProvider: (participantId) => {
      const state = seats.stateOf(participantId);
      if (state && state.kind !== 'unknown') return state.provider;
      const model = deps.participants().find((p) => p.id === participantId)?.model;
      return model ? providerForModel(model) : undefined;
    },
    resetSeat: async (participantId) => {
      const state = seats.stateOf(participantId);
      if (state?.kind !== 'cooling' || !state.authIndex) return { ok: false, reason: 'That seat is not paused.' };
      const reset = await management.resetCooldown(state.authIndex);
      await seats.refresh();
      return reset;
    },
    enableSeat: async (participantId) => {
      const state = seats.stateOf(participantId);
      if (state?.kind !== 'disabled') return { ok: false, reason: 'That seat’s login is not disabled.' };
      const enabled = await management.enableLogin(state.login);
      await seats.refresh();
      return enabled;
    },
    noteReplyFailed: () => void seats.refresh(),
    diagnostics: () => ({
      'managed proxy version': PINNED_VERSION,
      'this window':
        shared.status.role === 'owner'
          ? 'runs the proxy'
          : shared.status.role === 'attached'
            ? 'uses the proxy another window runs'
            : 'not started',
      'proxy url': shared.url ?? 'none',
      'proxy pid': String(shared.supervisorForOwner?.pid ?? 'in another window, or none'),
      'proxy folder': root,
    }),
    dispose: () => {
      seats.dispose();
      shared.dispose();
      changes.dispose();
    },
  };
  return sidecar;
};

function isUp(status: SharedProxyStatus): boolean {
  if (status.role === 'owner') return status.state.state === 'healthy' || status.state.state === 'unhealthy';
  return status.role === 'attached' && status.ok;
}

/**
 * The managed proxy's access key: made once, by whichever window gets there first, and kept in secret storage for
 * all windows. Made under a file lock, so two windows starting together cannot make two keys.
 */
async function sharedAccessKey(deps: ManagedSidecarDeps, root: string): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  return withFileLock(join(root, 'access-key.lock'), async () => {
    const existing = await deps.secrets.get(ACCESS_KEY_SECRET);
    if (existing) return existing;
    const made = randomBytes(24).toString('base64url');
    await deps.secrets.store(ACCESS_KEY_SECRET, made);
    return made;
  });
}
