import { homedir } from 'node:os';
import type { IntentResult } from '@roundtable/core/orchestrator/result';
import { type CommandResolution, resolveCommand } from '@roundtable/sidecar/cli/resolveCommand';
import * as vscode from 'vscode';
import type { CliProviderConfig } from '../adapters/readProviders';
import type { ExtraAction } from '../sidecar/pickSidecarAction';
import { cliRoute } from './cliRoute';

/**
 * "Sign in" on a seat whose CLI said it is not signed in: a terminal running that CLI's own login command (the program
 * as detection found it, started as a reply starts it: on Windows, what npm's `claude.cmd` runs, not the batch file;
 * the arguments from its dialect; in the home folder so no project's settings are read). The seat's turns are
 * released at once: if a message goes before the login is done, its reply says so again.
 */
export async function openCliSignIn(
  provider: CliProviderConfig,
  onReleased: () => void,
  resolve: (command: string) => Promise<CommandResolution> = resolveCommand,
): Promise<IntentResult> {
  const { book } = cliRoute();
  const dialect = book.dialect(provider);
  const found = await book.detection(provider);
  if (!found.ok) return { ok: false, reason: found.reason };
  const resolved = await resolve(found.path);
  if (!resolved.ok) return { ok: false, reason: `${dialect.productName} cannot be started: ${resolved.reason}` };
  const { target } = resolved;
  const [, ...args] = dialect.loginCommand.split(' ').filter((part) => part !== '');
  // A terminal's variables go over the window's; null removes one (what the batch file's `set X=` does).
  const env = Object.fromEntries(Object.entries(target.env).map(([name, value]) => [name, value ?? null]));
  const terminal = vscode.window.createTerminal({
    name: `Sign in: ${dialect.productName}`,
    shellPath: target.file,
    shellArgs: [...target.args, ...args],
    cwd: homedir(),
    ...(Object.keys(env).length > 0 ? { env } : {}),
  });
  terminal.show();
  book.noteSignInEnded(provider.id);
  onReleased();
  return { ok: true, notice: `Sign in to ${dialect.productName} in the terminal, then send your message again.` };
}

/**
 * The pill's line for each CLI provider: "Sign In to <name>" with the CLI's version and path, or, when it cannot be
 * used, why (which opens the diagnostics).
 */
export async function cliActions(
  providers: readonly CliProviderConfig[],
  onReleased: () => void,
): Promise<ExtraAction[]> {
  const { book } = cliRoute();
  return Promise.all(
    providers.map(async (provider): Promise<ExtraAction> => {
      const dialect = book.dialect(provider);
      const found = await book.detection(provider);
      return found.ok
        ? {
            label: `$(terminal) Sign In to ${provider.name}`,
            description: `${dialect.productName} ${found.version}`,
            detail: found.path,
            run: () => openCliSignIn(provider, onReleased),
          }
        : {
            label: `$(warning) ${provider.name} cannot be used`,
            detail: found.reason,
            run: () => Promise.resolve(vscode.commands.executeCommand('roundtable.showDiagnostics')),
          };
    }),
  );
}
