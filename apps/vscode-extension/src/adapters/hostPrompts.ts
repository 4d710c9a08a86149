import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';

// What the host asks the user about, outside the chat: reloading after a mode change, settings it ignored, the
// proxy's access key.

export function offerReload(): void {
  void vscode.window
    .showInformationMessage('Reload the window to apply the new CLIProxyAPI mode.', 'Reload Window')
    .then((choice) => choice && vscode.commands.executeCommand('workbench.action.reloadWindow'));
}

export function reportSettingsProblems(problems: string[], logger: Logger, channel: vscode.LogOutputChannel): void {
  if (problems.length === 0) return;
  for (const problem of problems) logger.warn(`Setting ignored: ${problem}`);
  void vscode.window
    .showWarningMessage(`Roundtable ignored ${problems.length} setting value(s): ${problems[0]}`, 'Show Log')
    .then((choice) => choice && channel.show());
}

/** Offers to set the access key, at most once until the user acts on it, so a run of failures is one prompt. */
export function createAccessKeyOffer(): () => void {
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
