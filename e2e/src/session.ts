import * as path from 'node:path';
import { type CodeServer, startCodeServer } from './codeServer';
import { EGRESS_LOG_ENV, egressRecorderPath } from './egress';
import { createRunDir, type RunDir } from './runDir';
import { type ParticipantSetting, roundtableSettings } from './settings';
import { assertToolchainInstalled, resolveToolchain, type Toolchain } from './toolchain';
import { type BuiltExtension, locateBuiltExtension } from './vsix';

/** code-server with the packaged Roundtable installed and configured against one proxy. */
export interface RoundtableServer {
  readonly toolchain: Toolchain;
  readonly runDir: RunDir;
  readonly extension: BuiltExtension;
  readonly server: CodeServer;
  /** Where the extension's own files start, as the extension host loads them: a prefix of their paths. */
  readonly extensionCode: string;
  /** `<user-data>/logs`, where the server, extension-host and Roundtable log files go. */
  readonly logsDir: string;
  /** `<user-data>/User/globalStorage/<extension id>/threads`, one JSON file per thread. */
  readonly threadsDir: string;
  /** With `recordEgress`: the JSON lines the egress recorder writes (see src/egressRecorder.cjs). */
  readonly egressLog?: string;
  /** Points the extension at another proxy by rewriting settings.json; reload the window for it to take effect. */
  pointAtProxy(proxyUrl: string): void;
  stop(): Promise<void>;
}

export interface RoundtableServerOptions {
  readonly kind: 'run' | 'demo';
  readonly proxyUrl: string;
  readonly participants?: readonly ParticipantSetting[];
  readonly port?: number;
  /** Replace the Roundtable settings (the default points the extension at `proxyUrl` in external mode). */
  readonly settings?: Record<string, unknown>;
  readonly extraEnv?: NodeJS.ProcessEnv;
  /** Preload the egress recorder into the server and every Node process it forks (the extension host among them). */
  readonly recordEgress?: boolean;
  /** Run the extension in Development mode, where it reads its test hooks (see `CodeServerOptions.development`). */
  readonly development?: boolean;
  /**
   * Fills the (empty) workspace folder before code-server starts, so what scans it at start-up (VS Code's Git
   * extension looking for repositories, the file watcher) finds it ready.
   */
  readonly prepareWorkspace?: (workspace: string) => void | Promise<void>;
}

export async function startRoundtableServer(options: RoundtableServerOptions): Promise<RoundtableServer> {
  // Both checks come before any folder is created or process started, so a missing build fails in milliseconds.
  const extension = locateBuiltExtension();
  const toolchain = resolveToolchain();
  assertToolchainInstalled(toolchain, { browser: options.kind === 'run' });
  const runDir = createRunDir(options.kind);
  const settingsFor = (proxyUrl: string) => options.settings ?? roundtableSettings(proxyUrl, options.participants);
  const egressLog = options.recordEgress ? path.join(runDir.root, 'egress.jsonl') : undefined;
  const extraEnv = { ...options.extraEnv, ...(egressLog ? { [EGRESS_LOG_ENV]: egressLog } : {}) };
  let server: CodeServer;
  try {
    await options.prepareWorkspace?.(runDir.workspace);
    server = await startCodeServer({
      toolchain,
      runDir,
      vsixPath: extension.vsixPath,
      ...(options.development ? { development: true } : {}),
      settings: settingsFor(options.proxyUrl),
      ...(options.port === undefined ? {} : { port: options.port }),
      extraEnv,
      ...(egressLog ? { nodeArgs: ['--require', egressRecorderPath] } : {}),
    });
  } catch (error) {
    runDir.removeTmp();
    throw error;
  }
  // If this process dies without stop() (an uncaught error), still delete the temp folder; codeServer.ts likewise
  // SIGKILLs the server's process group on exit.
  const removeTmpOnExit = () => runDir.removeTmp();
  process.once('exit', removeTmpOnExit);
  return {
    toolchain,
    runDir,
    extension,
    server,
    // Installed: `<extensions>/<id>-<version>/`; under development: the folder the .vsix was unpacked into.
    extensionCode: server.developmentPath ?? `${path.join(runDir.extensions, extension.id)}-`,
    logsDir: path.join(runDir.userData, 'logs'),
    threadsDir: path.join(runDir.userData, 'User', 'globalStorage', extension.id, 'threads'),
    ...(egressLog ? { egressLog } : {}),
    pointAtProxy: (proxyUrl) => server.writeUserSettings(settingsFor(proxyUrl)),
    stop: async () => {
      await server.stop();
      process.removeListener('exit', removeTmpOnExit);
      runDir.removeTmp();
    },
  };
}
