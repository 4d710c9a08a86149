import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';

/** A settings change that seats participants: the whole new lists, and whether the provider list is unchanged. */
export interface SeatLists {
  providers: unknown[];
  participants: unknown[];
  reusedProvider: boolean;
}

/**
 * Writes a seating change into the user settings: the providers first (a seat written before its provider would be
 * reported as on an unknown one meanwhile), then the seats. False, with the user told why, when VS Code refuses (a
 * user settings.json it cannot parse, for one). `what` names the command for the log.
 */
export async function writeSeatLists(lists: SeatLists, what: string, logger: Logger): Promise<boolean> {
  const config = vscode.workspace.getConfiguration('roundtable');
  const global = vscode.ConfigurationTarget.Global;
  try {
    if (!lists.reusedProvider) await config.update('providers', lists.providers, global);
    await config.update('participants', lists.participants, global);
    return true;
  } catch (error) {
    logger.warn(`${what} could not write the user settings: ${(error as Error).message}`);
    void vscode.window.showErrorMessage(`Roundtable could not write your user settings: ${(error as Error).message}`);
    return false;
  }
}
