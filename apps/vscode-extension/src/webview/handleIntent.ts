import type { Logger } from '@roundtable/core';
import { assertNever, type IntentResult, type Orchestrator, type WebviewToHost } from '@roundtable/core';
import type { HostUi } from './hostUi';
import { checkExternalLink } from './links';

/**
 * Carries out one validated webview intent. `ready` is handled by the session (it owns the handshake); every
 * other intent lands here, and the switch is exhaustive so a new message type cannot be forgotten.
 * Refusals are shown to the user (nothing silently no-ops) and logged.
 */
export async function handleIntent(
  intent: Exclude<WebviewToHost, { type: 'ready' }>,
  orchestrator: Orchestrator,
  ui: HostUi,
  logger: Logger,
): Promise<void> {
  switch (intent.type) {
    case 'sendMessage':
      return report(orchestrator.sendMessage(intent.payload.text, intent.payload.targets), ui, logger);
    case 'stopGeneration':
      orchestrator.stop();
      return;
    case 'newThread':
      return report(await orchestrator.newThread(), ui, logger);
    case 'switchThread':
      return report(await orchestrator.switchThread(intent.payload.threadId), ui, logger);
    case 'setDefaultTarget':
      return report(orchestrator.setDefaultTarget(intent.payload.participantId), ui, logger);
    case 'retryMessage':
      return report(orchestrator.retryMessage(intent.payload.messageId), ui, logger);
    case 'deleteMessage':
      return report(orchestrator.deleteMessage(intent.payload.messageId), ui, logger);
    case 'openSettings':
      ui.openSettings();
      return;
    case 'requestLogin':
      // Logins arrive with managed mode (M3). Until then say exactly what the user can do instead.
      ui.showInfo(
        `Roundtable cannot log in to "${intent.payload.provider}" yet. Log in with CLIProxyAPI itself (for example \`cli-proxy-api -claude-login\`); it picks the new login up while running.`,
      );
      return;
    case 'openLink': {
      const link = checkExternalLink(intent.payload.url);
      if (!link.ok) {
        logger.warn(`Refused to open a link from the chat: ${link.reason}.`);
        ui.showWarning(`Roundtable did not open that link: ${link.reason}.`);
        return;
      }
      await ui.openExternal(link.url);
      return;
    }
    default:
      assertNever(intent);
  }
}

function report(result: IntentResult, ui: HostUi, logger: Logger): void {
  if (!result.ok) {
    logger.info(`Request refused: ${result.reason}`);
    ui.showWarning(result.reason);
  } else if (result.notice) {
    ui.showInfo(result.notice);
  }
}
