import { CLI_INSTALL_PAGES } from '@roundtable/core/cli/dialect';
import type { IntentResult } from '@roundtable/core/orchestrator/result';
import { cliProvidersOf, type ProviderConfig } from '../adapters/readProviders';
import type { SeatFixes } from '../webview/hostActions';

/**
 * What fixes a seat, from the settings as they are now: the npm page of the CLI a seat runs on (Install, Update),
 * the setting that seats it, and, in managed mode, enabling its login in the proxy.
 */
export function seatFixes(
  settings: () => {
    providers: readonly ProviderConfig[];
    orchestrator: { participants: readonly { id: string; provider?: string }[] };
  },
  enable?: (participantId: string) => Promise<IntentResult>,
): SeatFixes {
  const providerOf = (id: string) => settings().orchestrator.participants.find((p) => p.id === id)?.provider;
  return {
    cliPage: (id) => {
      const provider = cliProvidersOf(settings().providers).find((p) => p.id === providerOf(id));
      return provider ? CLI_INSTALL_PAGES[provider.cli] : undefined;
    },
    setting: (id) => (providerOf(id) === undefined ? 'roundtable.participants' : 'roundtable.providers'),
    ...(enable ? { enable } : {}),
  };
}
