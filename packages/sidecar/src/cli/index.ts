// Running the official CLIs on this machine: finding them, their login, and one process group per turn.
export { compareVersions } from '../versions';
export { checkCliLogin, LOGIN_CHECK_TIMEOUT_MS } from './checkCliLogin';
export { type CliDetection, detectCli } from './detectCli';
export { NodeCliLauncher, type NodeCliLauncherOptions } from './NodeCliLauncher';
