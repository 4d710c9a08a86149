import type { IntentResult } from '@roundtable/core/orchestrator/result';
import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';
import type { RiskMemory } from '../claude/claudeAccountRisk';
import type { ManagedSidecar } from './managedApi';

// What signing in through the managed proxy takes, loaded by the first sign-in.

/**
 * Signs in to a subscription through the managed proxy: pick a provider (unless a seat named it), sign in on its
 * page in the browser (the proxy receives the callback and stores the login itself: Roundtable never sees a token),
 * and hear the outcome. Only https pages are opened.
 */
export async function signInManaged(
  managed: ManagedSidecar,
  logger: Logger,
  memory: RiskMemory,
  providerId?: string,
): Promise<void> {
  const { claudeCode, pick } = await pickLogin(managed, providerId);
  if (!pick) return;
  if (pick.id === CLAUDE_CODE_PICK) {
    await (await import('../claude/seatClaudeCode')).seatClaudeCode(logger, await claudeCode);
    return;
  }
  // Claude through the proxy: the account risk is said, and asked about once, before the login starts.
  if (pick.id === 'claude') {
    const { confirmClaudeSignIn } = await import('../claude/claudeAccountRisk');
    const ready = (await claudeCode).ready;
    const ask = (message: string, detail: string, buttons: string[]) =>
      vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
    const choice = await confirmClaudeSignIn(memory, ready, ask);
    if (choice === 'claudeCode') await (await import('../claude/seatClaudeCode')).seatClaudeCode(logger);
    if (choice !== 'signIn') return;
  }
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Signing in: ${pick.label}`, cancellable: true },
    (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return managed.login(
        pick.id,
        async (url, userCode) => {
          progress.report({
            message: userCode
              ? `Enter the code ${userCode} on the page that opened (it is on your clipboard).`
              : 'Finish on the page that opened in your browser.',
          });
          if (userCode) await vscode.env.clipboard.writeText(userCode);
          const uri = vscode.Uri.parse(url, true);
          if (uri.scheme === 'https') await vscode.env.openExternal(uri);
        },
        controller.signal,
      );
    },
  );
  if (outcome.kind === 'ok') {
    logger.info(`Signed in: ${pick.label}.`);
    void vscode.window.showInformationMessage(`Signed in: ${pick.label}. Its models are served now.`);
  } else if (outcome.kind === 'failed') {
    logger.warn(`Sign-in to ${pick.label} failed: ${outcome.reason}`);
    const choice = await vscode.window.showWarningMessage(
      `Signing in to ${pick.label} failed: ${outcome.reason}`,
      'Sign In in a Terminal',
    );
    if (choice) await signInInTerminal(managed, pick);
  }
}

/**
 * The fallback: the binary's own login in a terminal, for when the browser cannot reach this machine (a remote
 * window): it prints the page to open and takes the final URL pasted back, or shows a device code.
 */
async function signInInTerminal(managed: ManagedSidecar, pick: { id: string; label: string }): Promise<void> {
  const commandLine = await managed.terminalLogin(pick.id);
  if (!commandLine) {
    void vscode.window.showWarningMessage(
      'CLIProxyAPI is not installed yet: start it first (Roundtable: Restart CLIProxyAPI).',
    );
    return;
  }
  const [shellPath, ...shellArgs] = commandLine;
  const terminal = vscode.window.createTerminal({ name: `Roundtable: sign in to ${pick.label}`, shellPath, shellArgs });
  terminal.show();
}

/** The picker's entry that seats Claude on the official CLI instead of signing in through the proxy. */
const CLAUDE_CODE_PICK = 'claude-code';

/**
 * The login to sign in to: the one a seat's "Sign in" names, else the user's pick. With Claude Code installed and
 * signed in, the picker offers first to seat Claude on it (the CLI's own login, which Anthropic's terms allow), ahead
 * of the proxy's logins; it is looked for while the picker shows. `claudeCode`: that look (started for Claude only).
 */
async function pickLogin(managed: ManagedSidecar, providerId: string | undefined) {
  const providers = managed.loginProviders().map((p) => ({ label: p.label, id: p.id, description: '' }));
  const named = providers.find((p) => p.id === providerId);
  const claudeCode = (async () => {
    if (providerId !== undefined && providerId !== 'claude') return { ready: false as const, reason: '' };
    return (await import('../claude/seatClaudeCode')).claudeCodeState();
  })();
  if (named) return { claudeCode, pick: named };
  const items = claudeCode.then((state) => [
    ...(state.ready
      ? [{ label: 'Claude on Claude Code', id: CLAUDE_CODE_PICK, description: 'its own login, as Anthropic allows' }]
      : []),
    ...providers,
  ]);
  const pick = await vscode.window.showQuickPick(items, {
    title: 'Roundtable: sign in to a subscription',
    placeHolder: 'The proxy keeps the login; Roundtable never sees it',
  });
  return { claudeCode, pick };
}

/** What a seat's buttons in the chat do: sign in to the login it needs (in the background), or clear its pause. */
export function seatActions(managed: ManagedSidecar, logger: Logger, memory: RiskMemory) {
  return {
    signIn: async (participantId: string): Promise<IntentResult> => {
      const provider = managed.seatProvider(participantId);
      if (!provider) return { ok: false, reason: 'Roundtable cannot tell which login this participant’s model needs.' };
      void signInManaged(managed, logger, memory, provider);
      return { ok: true };
    },
    reset: async (participantId: string): Promise<IntentResult> => {
      const reset = await managed.resetSeat(participantId);
      return reset.ok ? { ok: true, notice: 'The proxy will try that login again now.' } : reset;
    },
  };
}
