import { dialectOf } from '@roundtable/core/cli/dialects/index';
import type { Logger } from '@roundtable/core/ports';
import { checkCliLogin } from '@roundtable/sidecar/cli/checkCliLogin';
import { detectCli } from '@roundtable/sidecar/cli/detectCli';
import * as vscode from 'vscode';
import { writeSeatLists } from '../adapters/writeSeatLists';
import { planClaudeCodeSeating } from './claudeCodeSeating';

// **Roundtable: Seat Claude on Claude Code** (`roundtable.seatClaudeCode`), and the check the sign-in makes before it
// offers it: whether the official `claude` CLI is on this machine and signed in with its own login.

/** Whether Claude Code can take Claude's seat now: found (on the PATH the editor sees), runnable, and signed in. */
export type ClaudeCodeState = { ready: true } | { ready: false; reason: string };

/** Looks for `claude` and asks it whether it is signed in (its own status command, run as a turn runs it). */
export async function claudeCodeState(): Promise<ClaudeCodeState> {
  const dialect = dialectOf('claude');
  const found = await detectCli(dialect, undefined);
  if (!found.ok) return { ready: false, reason: found.reason };
  const login = await checkCliLogin(dialect, found.path);
  if (login === 'signed-out') {
    return { ready: false, reason: 'Claude Code is not signed in: run `claude auth login` in a terminal first.' };
  }
  return { ready: true };
}

/**
 * Seats Claude on Claude Code: checks the CLI first (a seat on a CLI that cannot answer would only fail), then moves
 * the user's Claude seats from the proxy's Claude login to the CLI (`planClaudeCodeSeating`) in the user settings.
 */
export async function seatClaudeCode(logger: Logger, checked?: ClaudeCodeState): Promise<boolean> {
  const state = checked ?? (await claudeCodeState());
  if (!state.ready) {
    void vscode.window.showWarningMessage(`Roundtable: ${state.reason}`);
    return false;
  }
  const config = vscode.workspace.getConfiguration('roundtable');
  const participants = config.inspect<unknown>('participants');
  const providers = config.inspect<unknown>('providers');
  const planned = planClaudeCodeSeating({
    participants: participants?.globalValue,
    providers: providers?.globalValue,
    groups: config.get('groups'),
  });
  if (!planned.ok) {
    void vscode.window.showWarningMessage(`Roundtable: ${planned.reason}`);
    return false;
  }
  const { plan } = planned;
  if (!(await writeSeatLists(plan, 'Seat Claude on Claude Code', logger))) return false;
  const seats = [...plan.moved, ...(plan.added ? [plan.added] : [])].map((id) => `@${id}`);
  logger.info(`Seated ${seats.join(', ')} on Claude Code (provider "${plan.providerId}").`);
  void vscode.window.showInformationMessage(
    `Roundtable: ${seats.join(', ')} now answer${seats.length === 1 ? 's' : ''} through Claude Code, with its own login. No Claude login through the proxy is needed.`,
  );
  return true;
}
