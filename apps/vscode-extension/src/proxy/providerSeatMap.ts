import type { SeatMap, SeatView } from '@roundtable/core/protocol/proxyStatus';
import type { CliDetection } from '@roundtable/sidecar/cli/detectCli';
import { type CliProviderConfig, cliProvidersOf, httpProviders, type ProviderConfig } from '../adapters/readProviders';
import type { CliSeatBook } from '../clis/cliSeatBook';
import type { ProviderHealth } from './providerHealth';

export interface SeatProbes {
  /** An HTTP provider's models (`GET {baseUrl}/models`). */
  http: (baseUrl: string) => Promise<ProviderHealth>;
  /** What is known of the CLIs (the CLI seats' book, loaded only when a CLI provider is seated). */
  clis: Pick<CliSeatBook, 'detection' | 'login' | 'isSignedOut'>;
}

type Participant = { id: string; model: string; enabled: boolean; provider?: string };

/**
 * The seats of participants on a `roundtable.providers` entry that cannot answer now, and why:
 * - an HTTP endpoint that is down, or does not list the seat's model (`unavailable`, fixed in the settings);
 * - a CLI that is not installed (Install), too old (Update), or cannot be run (the settings);
 * - a CLI that is not signed in, as its own status says before any reply, or as a reply said (`needs-login`: the
 *   seat is left out of turns until the user signs in).
 * Each provider someone sits on is asked once; a provider no enabled participant sits on is not asked at all.
 */
export async function providerSeatMap(
  providers: readonly ProviderConfig[],
  participants: readonly Participant[],
  probes: SeatProbes,
): Promise<SeatMap> {
  const seated = participants.filter((p) => p.enabled && p.provider !== undefined);
  const used = providers.filter((provider) => seated.some((p) => p.provider === provider.id));
  const http = new Map(
    await Promise.all(httpProviders(used).map(async (p) => [p.id, await probes.http(p.baseUrl)] as const)),
  );
  const clis = cliProvidersOf(used);
  const detected = new Map(await Promise.all(clis.map(async (p) => [p.id, await probes.clis.detection(p)] as const)));
  const logins = new Map(await Promise.all(clis.map(async (p) => [p.id, await probes.clis.login(p)] as const)));
  const seats: SeatMap = {};
  for (const p of seated) {
    const provider = providers.find((q) => q.id === p.provider);
    if (!provider) continue; // an unknown provider is a settings problem, reported with the settings
    if (provider.kind === 'cli') {
      const found = detected.get(provider.id);
      if (found && !found.ok) seats[p.id] = cliProblem(provider, found);
      else if (probes.clis.isSignedOut(provider.id) || logins.get(provider.id) === 'signed-out') {
        seats[p.id] = { kind: 'needs-login', provider: provider.name };
      }
      continue;
    }
    const state = http.get(provider.id);
    if (!state) continue;
    if (!state.ok) {
      seats[p.id] = { kind: 'unavailable', reason: `${provider.name} is down: ${state.reason}`, fix: 'settings' };
    } else if (!state.models.includes(p.model)) {
      seats[p.id] = { kind: 'unavailable', reason: `${provider.name} does not serve ${p.model}`, fix: 'settings' };
    }
  }
  return seats;
}

/**
 * A CLI that cannot be used, as its seat says it: a missing program on PATH is "not installed" (Install); one too
 * old is in the detection's words (Update); a `command` that is not there, or a program that does not run, is
 * fixed in the settings.
 */
function cliProblem(provider: CliProviderConfig, found: Extract<CliDetection, { ok: false }>): SeatView {
  if (found.problem === 'missing' && provider.command === undefined) {
    return { kind: 'unavailable', reason: `${provider.name} is not installed`, fix: 'install' };
  }
  return { kind: 'unavailable', reason: found.reason, fix: found.problem === 'outdated' ? 'update' : 'settings' };
}
