// Running the official CLIs on this machine: finding them, starting them without a shell, one process group per turn.
export { compareVersions } from '../versions';
export { type CommandHost, findOnPath, nodeCommandHost, spawnEnv } from './commandHost';
export { type CliDetection, detectCli } from './detectCli';
export { NodeCliLauncher, type NodeCliLauncherOptions } from './NodeCliLauncher';
export { type CommandResolution, resolveCommand, type SpawnTarget, spawnOf } from './resolveCommand';
