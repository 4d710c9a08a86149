import type { SeatMap } from '@roundtable/core/protocol/proxyStatus';
import type { ProviderConfig } from '../adapters/readProviders';
import type { SeatProbes } from './providerSeatMap';

type Participant = { id: string; model: string; enabled: boolean; provider?: string };

/**
 * The seats on `roundtable.providers` entries that cannot answer now (`providerSeatMap`). The checks' code loads with
 * the first check that has something to check: no enabled seat on a listed provider, nothing is loaded or asked.
 */
export function lazyProviderSeatMap(
  providers: () => readonly ProviderConfig[],
  participants: () => readonly Participant[],
  clis: SeatProbes['clis'],
): () => Promise<SeatMap> {
  return async () => {
    const listed = providers();
    const seated = participants();
    if (!seated.some((p) => p.enabled && listed.some((q) => q.id === p.provider))) return {};
    const [{ providerSeatMap }, { checkProvider }] = await Promise.all([
      import('./providerSeatMap'),
      import('./providerHealth'),
    ]);
    return providerSeatMap(listed, seated, { http: (url) => checkProvider(url), clis });
  };
}
