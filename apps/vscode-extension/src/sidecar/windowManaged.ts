import { errorMessage } from '@roundtable/core/base/errors';
import type { Logger } from '@roundtable/core/ports';
import type * as vscode from 'vscode';
import { onBuiltInProxy } from '../adapters/readProviders';
import type { RoundtableSettings } from '../adapters/readSettings';
import { DeferredManaged } from './DeferredManaged';

/**
 * The window's managed proxy, its code loaded and the proxy started by the first `loaded()`. A start that fails is
 * logged here; each caller hears of it too.
 */
export function windowManaged(
  context: vscode.ExtensionContext,
  settings: () => RoundtableSettings,
  logger: Logger,
): DeferredManaged {
  return new DeferredManaged(async () => {
    try {
      const { startManagedInVsCode } = await import('./managedHost');
      const now = settings();
      return startManagedInVsCode(
        context,
        {
          binaryPath: now.binaryPath,
          port: now.endpoint.port,
          participants: () => onBuiltInProxy(settings().orchestrator.participants),
        },
        logger,
      );
    } catch (error) {
      logger.warn(`The managed proxy did not start: ${errorMessage(error)}`);
      throw error;
    }
  });
}
