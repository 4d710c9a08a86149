import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';
import type { RiskMemory } from '../claude/claudeAccountRisk';
import type { DeferredManaged } from './DeferredManaged';

/**
 * `roundtable.sidecar.login`: in managed mode, the managed proxy's sign-in flow (`signInManaged`); with a proxy
 * of the user's own, how to sign in with it instead.
 */
export async function signIn(managed: DeferredManaged | undefined, logger: Logger, memory: RiskMemory): Promise<void> {
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
  const [{ signInManaged }, inner] = await Promise.all([import('./managedSignIn'), managed.loaded()]);
  await signInManaged(inner, logger, memory);
}
