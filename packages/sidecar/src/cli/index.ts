// Running the official CLIs on this machine: finding them, starting them without a shell, their login, and one
// process group per turn.
export { compareVersions } from '../versions';
export { checkCliLogin, LOGIN_CHECK_TIMEOUT_MS } from './checkCliLogin';
export { type CommandHost, findOnPath, nodeCommandHost, spawnEnv } from './commandHost';
export { type CliDetection, detectCli } from './detectCli';
export { NodeCliLauncher, type NodeCliLauncherOptions } from './NodeCliLauncher';
export { type CommandResolution, resolveCommand, type SpawnTarget, spawnOf } from './resolveCommand';
