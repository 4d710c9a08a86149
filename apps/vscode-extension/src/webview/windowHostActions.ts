import type { DisposableStore } from '@roundtable/core/base/lifecycle';
import type { Logger } from '@roundtable/core/ports';
import type { HostActions } from '@roundtable/core/views/viewPorts';
import * as vscode from 'vscode';
import type { ProviderConfig } from '../adapters/readProviders';
import type { RiskMemory } from '../claude/claudeAccountRisk';
import type { CliSeats } from '../clis/CliSeats';
import { seatFixes } from '../clis/seatFixes';
import type { DeferredManaged } from '../sidecar/DeferredManaged';
import type { HostUi } from './hostActions';
import { createHostActions } from './hostActions';

export interface WindowHostActionsDeps {
  ui: HostUi;
  logger: Logger;
  /** Where a stored thread's file is (for Reveal). */
  locate: (key: string) => string | undefined;
  storageRoot: string;
  /** The managed proxy, in managed mode: its seats sign in and reset through it. */
  managed: DeferredManaged | undefined;
  cliSeats: CliSeats;
  settings: () => {
    providers: readonly ProviderConfig[];
    orchestrator: { participants: readonly { id: string; provider?: string }[] };
  };
  owner: DisposableStore;
  /** Where the answer to the Claude account question is remembered (VS Code's global state). */
  memory: RiskMemory;
}

/**
 * A window's host actions for its views (links, reveal, code into an editor, the seats' fixes), made when a view
 * first asks for one (`lazyHostActions` loads this module then).
 */
export function windowHostActions(deps: WindowHostActionsDeps): HostActions {
  const { managed, logger } = deps;
  return createHostActions({
    ui: deps.ui,
    logger,
    locate: deps.locate,
    storageRoot: deps.storageRoot,
    ...(managed
      ? {
          seats: {
            signIn: async (id: string) => (await managedSeats(managed, logger, deps.memory)).signIn(id),
            reset: async (id: string) => (await managedSeats(managed, logger, deps.memory)).reset(id),
          },
        }
      : {}),
    cliSignIn: (id: string) => deps.cliSeats.signIn(id),
    fixes: seatFixes(deps.settings, managed && ((id) => managed.enableSeat(id))),
    owner: deps.owner,
    sidecarActions: async () => {
      await vscode.commands.executeCommand('roundtable.sidecar.actions');
    },
  });
}

/** The managed proxy's seat actions (sign in, reset), with its sign-in code, loaded by the first of them. */
async function managedSeats(managed: DeferredManaged, logger: Logger, memory: RiskMemory) {
  const [{ seatActions }, inner] = await Promise.all([import('../sidecar/managedSignIn'), managed.loaded()]);
  return seatActions(inner, logger, memory);
}
