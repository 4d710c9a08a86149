// Running the official CLIs on this machine: finding them, and one process group per turn.
export { compareVersions } from '../versions';
export { type CliDetection, detectCli } from './detectCli';
export { NodeCliLauncher, type NodeCliLauncherOptions } from './NodeCliLauncher';
