// The managed proxy: everything Roundtable needs to run CLIProxyAPI itself. A separate entry from the package's
// root, so the extension can load it (with its YAML and process code) only in managed mode.

export {
  type AcquireOptions,
  type AcquireResult,
  acquireBinary,
  type ConsentRequest,
  installedBinary,
} from './acquire/acquireBinary';
export { FileDigests, sha256OfFile } from './acquire/fileDigests';
export { type InstalledHashes, type PrepareFromReleaseOptions, prepareFromRelease } from './acquire/prepareFromRelease';
export { freeLoopbackPort } from './freeLoopbackPort';
export { type Claim, DEFAULT_LEASE_TTL_MS, type LeaseRecord, ProxyLease } from './lease/ProxyLease';
export { type PasswordStore, SharedProxy, type SharedProxyOptions, type SharedProxyStatus } from './lease/SharedProxy';
export { loginCommandLine } from './loginInTerminal';
export { ManagedProxy, type ManagedProxyOptions, type ManagedProxyTiming, type PrepareBinary } from './ManagedProxy';
export {
  LOGIN_PROVIDERS,
  type LoginOutcome,
  type LoginProvider,
  type LoginStatus,
  ManagementClient,
  runLogin,
  type StartedLogin,
} from './management';
export { assetFor, PINNED_ASSETS, PINNED_VERSION, RELEASE_BASE_URL, type ReleaseAsset } from './pinnedRelease';
export { nodeSpawner, type ProcessSpawner, type SpawnedProcess, scrubbedEnv } from './processPort';
export { managedConfig, renderManagedConfig } from './proxyConfig';
export {
  DEFAULT_RESTART_POLICY,
  decideRestart,
  type RestartDecision,
  type RestartPolicyOptions,
} from './restartPolicy';
export { type LoginEntry, parseLoginEntries, providerForModel, type SeatState, seatState } from './seats';
export { canMove, type SidecarState, SidecarStateMachine, type SidecarStateName } from './sidecarState';
