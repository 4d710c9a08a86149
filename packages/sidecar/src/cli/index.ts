// Running the official CLIs on this machine: finding them, and one process group per turn.
export { type CliDetection, compareVersions, detectCli } from './detectCli';
export { NodeCliLauncher, type NodeCliLauncherOptions } from './NodeCliLauncher';
