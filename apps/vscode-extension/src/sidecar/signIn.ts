import type { Logger } from '@roundtable/core';
import * as vscode from 'vscode';
import { managedBundle } from './loadManaged';
import type { ManagedSidecar } from './managedApi';

/**
 * `roundtable.sidecar.login`: in managed mode, the sign-in flow of the managed bundle (`signInManaged`); with a proxy
 * of the user's own, how to sign in with it instead.
 */
export async function signIn(managed: ManagedSidecar | undefined, logger: Logger): Promise<void> {
  if (!managed) {
    const choice = await vscode.window.showInformationMessage(
      'With your own CLIProxyAPI (external mode), sign in with it, for example `cli-proxy-api -claude-login`. In managed mode Roundtable runs the proxy and signs in from here.',
      'Use Managed Mode',
    );
    if (choice) {
      await vscode.workspace
        .getConfiguration('roundtable')
        .update('sidecar.mode', 'managed', vscode.ConfigurationTarget.Global);
    }
    return;
  }
  await managedBundle().signInManaged(managed, logger);
}
