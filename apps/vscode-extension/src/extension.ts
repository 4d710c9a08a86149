import { join } from 'node:path';
import { DisposableStore, Orchestrator, randomIds, systemClock } from '@roundtable/core';
import { resolveProxyEndpoint } from '@roundtable/sidecar';
import * as vscode from 'vscode';
import { FileThreadRepository } from './adapters/FileThreadRepository';
import { OutputChannelLogger } from './adapters/OutputChannelLogger';
import { readSettings } from './adapters/readSettings';
import { SecretAccessKeyStore } from './adapters/SecretAccessKeyStore';
import { registerCommands } from './commands';
import { createChatBackend } from './proxy/createChatBackend';
import { ProxyMonitor } from './proxy/ProxyMonitor';
import { ChatPanelManager } from './webview/ChatPanel';
import { CHAT_VIEW_ID, ChatViewProvider } from './webview/ChatViewProvider';
import type { HostUi } from './webview/hostUi';

let shutdown: (() => Promise<void>) | undefined;

/** The composition root: builds the adapters, hands them to core, registers views and commands. No logic lives here. */
export function activate(context: vscode.ExtensionContext): void {
  const disposables = new DisposableStore();
  context.subscriptions.push(disposables);
  const channel = vscode.window.createOutputChannel('Roundtable', { log: true });
  context.subscriptions.push(channel);
  const logger = new OutputChannelLogger(channel);

  let settings = readSettings(vscode.workspace.getConfiguration('roundtable'));
  reportSettingsProblems(settings.problems, logger, channel);
  const endpoint = () => resolveProxyEndpoint(settings.endpoint);
  const accessKeys = new SecretAccessKeyStore(context.secrets);
  const accessKey = () => accessKeys.get();

  const orchestrator = disposables.add(
    new Orchestrator({
      repository: new FileThreadRepository(join(context.globalStorageUri.fsPath, 'threads'), logger),
      chat: createChatBackend(endpoint, accessKey),
      clock: systemClock,
      ids: randomIds,
      logger,
      settings: settings.orchestrator,
    }),
  );
  const initialized = orchestrator.initialize().then(
    ({ quarantined }) => {
      if (quarantined.length === 0) return;
      const list = quarantined.map((q) => `${q.file} → ${q.movedTo}`).join(', ');
      void vscode.window
        .showWarningMessage(
          `Roundtable could not read ${quarantined.length} saved thread file(s) and set them aside: ${list}. See the Roundtable log for why.`,
          'Show Log',
        )
        .then((choice) => choice && channel.show());
    },
    (error: unknown) => {
      logger.error(`Loading saved threads failed: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showErrorMessage(
        'Roundtable could not load saved threads; new messages still work. See the log.',
      );
    },
  );

  const monitor = disposables.add(
    new ProxyMonitor({ endpoint, accessKey, participants: () => settings.orchestrator.participants, logger }),
  );
  disposables.add(monitor.onDidChangeStatus((status) => orchestrator.setSidecarStatus(status)));
  const offerAccessKey = createAccessKeyOffer();
  disposables.add(monitor.onDidNeedAccessKey(offerAccessKey));
  disposables.add(
    orchestrator.onDidFailTurn(({ error }) => {
      if (error.kind === 'proxy-auth') offerAccessKey();
      if (error.kind === 'network' || error.kind === 'proxy-auth') void monitor.check();
    }),
  );
  disposables.add(accessKeys.onDidChange(() => void monitor.check()));
  disposables.add(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('roundtable')) return;
      settings = readSettings(vscode.workspace.getConfiguration('roundtable'));
      reportSettingsProblems(settings.problems, logger, channel);
      orchestrator.updateSettings(settings.orchestrator);
      void monitor.check();
    }),
  );

  const ui: HostUi = {
    showWarning: (message) => void vscode.window.showWarningMessage(message),
    showInfo: (message) => void vscode.window.showInformationMessage(message),
    openExternal: (url) => Promise.resolve(vscode.env.openExternal(vscode.Uri.parse(url, true))),
    openSettings: () =>
      void vscode.commands.executeCommand('workbench.action.openSettings', '@ext:roundtable.roundtable'),
  };
  const mount = { extensionUri: context.extensionUri, orchestrator, initialized, ui, logger };
  const provider = disposables.add(new ChatViewProvider(mount));
  disposables.add(vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider));
  const panels = disposables.add(new ChatPanelManager(mount));
  registerCommands(disposables, { panels, orchestrator, accessKeys, ui, logger });

  void monitor.check();
  shutdown = async () => {
    await orchestrator.shutdown();
  };
  logger.info(`Roundtable ${context.extension.packageJSON.version as string} activated.`);
}

/** Stops a reply in flight (kept as `cancelled`) and writes every pending thread before the host goes away. */
export async function deactivate(): Promise<void> {
  await shutdown?.();
  shutdown = undefined;
}

function reportSettingsProblems(
  problems: string[],
  logger: OutputChannelLogger,
  channel: vscode.LogOutputChannel,
): void {
  if (problems.length === 0) return;
  for (const problem of problems) logger.warn(`Setting ignored: ${problem}`);
  void vscode.window
    .showWarningMessage(`Roundtable ignored ${problems.length} setting value(s): ${problems[0]}`, 'Show Log')
    .then((choice) => choice && channel.show());
}

/** Offers to set the access key, at most once until the user acts on it, so a run of failures is one prompt. */
function createAccessKeyOffer(): () => void {
  let open = false;
  return () => {
    if (open) return;
    open = true;
    void vscode.window
      .showWarningMessage(
        'CLIProxyAPI did not accept Roundtable’s access key (none is set, or it is not in the api-keys list of its config.yaml). Set it: a local proxy key, not a provider key.',
        'Set Proxy Access Key',
      )
      .then((choice) => {
        open = false;
        if (choice) void vscode.commands.executeCommand('roundtable.setProxyAccessKey');
      });
  };
}
