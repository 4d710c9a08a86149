import { join } from 'node:path';
import type { TurnFailure } from '@roundtable/core/orchestrator/ReplyRunner';
import type { IntentResult } from '@roundtable/core/orchestrator/result';
import { type CliProviderConfig, cliProvidersOf, type ProviderConfig } from '../adapters/readProviders';
import type { CliChat } from '../proxy/createChatBackend';
import type { SeatProbes } from '../proxy/providerSeatMap';
import type { ExtraAction } from '../sidecar/pickSidecarAction';
import type { CliSeatBook } from './cliSeatBook';

type CliRoute = ReturnType<typeof import('./cliRoute').cliRoute>;

/**
 * The host's side of the seats on official CLIs. It knows which seat sits on a CLI (from the settings, read fresh
 * each time) and hands everything else to the CLI seats' code (their dialects, detection, the launcher, sign-in),
 * which loads only when a CLI provider is asked about or for a reply: a window with no CLI seat never parses it.
 */
export class CliSeats {
  /** The CLIs' one route (detections, sign-in states, the launcher), once something asked for it. */
  private loadedRoute: CliRoute | undefined;
  private readonly turnsRoot: string;

  /**
   * `storageRoot`: the extension's own storage folder, where each reply's private folder is made (in `cli-turns`).
   * `refresh` checks the seats again (their map changed: a sign-in was started).
   */
  constructor(
    storageRoot: string,
    private readonly settings: () => {
      providers: readonly ProviderConfig[];
      orchestrator: { participants: readonly { id: string; provider?: string }[] };
    },
    private readonly refresh: () => void,
  ) {
    this.turnsRoot = join(storageRoot, 'cli-turns');
  }

  private async route(): Promise<CliRoute> {
    const { cliRoute, setCliTurnsRoot } = await import('./cliRoute');
    if (!this.loadedRoute) {
      setCliTurnsRoot(this.turnsRoot);
      this.loadedRoute = cliRoute();
    }
    return this.loadedRoute;
  }

  private async book(): Promise<CliSeatBook> {
    return (await this.route()).book;
  }

  private providers(): readonly ProviderConfig[] {
    return this.settings().providers;
  }

  /** What the seat map reads of each CLI. Nothing signed out is known before any CLI was asked about. */
  readonly facts: SeatProbes['clis'] = {
    detection: async (provider) => (await this.book()).detection(provider),
    login: async (provider) => (await this.book()).login(provider),
    isSignedOut: (providerId) => this.loadedRoute?.book.isSignedOut(providerId) ?? false,
  };

  readonly chat: CliChat = async function* (this: void, provider, request, signal, tuning) {
    const { chatOverCli } = await import('./chatOverCli');
    yield* chatOverCli(provider, request, signal, tuning);
  };

  /** The CLI provider a participant sits on, if it sits on one. */
  providerOf(participantId: string): CliProviderConfig | undefined {
    const on = this.settings().orchestrator.participants.find((p) => p.id === participantId)?.provider;
    return cliProvidersOf(this.providers()).find((p) => p.id === on);
  }

  /**
   * A failed reply: on a CLI that says it is not signed in, its seats are held until the user goes to sign in (and
   * its login is checked again); any other failure there may mean the CLI was removed or replaced, so it is looked
   * for again.
   */
  async noteFailure({ participant, error }: TurnFailure): Promise<void> {
    const provider = this.providerOf(participant.id);
    if (!provider) return;
    const book = await this.book();
    if (error.kind === 'account') {
      book.noteSignedOut(provider.id);
      book.recheckLogins();
    } else book.forget();
  }

  /**
   * Checks again whether each CLI is signed in, and looks again for one found missing or too old (the window regained
   * focus: the user may have signed in or out, installed or updated it, in a terminal), then the seats. Nothing is
   * loaded, and nothing runs, when no CLI was checked yet.
   */
  recheckLogins(): void {
    if (!this.loadedRoute) return;
    this.loadedRoute.book.recheckLogins();
    this.refresh();
  }
  /** The settings changed: every CLI is looked for again. */
  settingsChanged(): void {
    this.loadedRoute?.book.forget();
  }

  /** "Sign in" on a seat on a CLI (a terminal running its login); undefined for any other seat. */
  signIn(participantId: string): Promise<IntentResult> | undefined {
    const provider = this.providerOf(participantId);
    return provider ? import('./openCliSignIn').then((m) => m.openCliSignIn(provider, this.refresh)) : undefined;
  }

  /** The pill's lines for the CLI providers (none, and nothing loaded, when there is no CLI provider). */
  actions(): Promise<ExtraAction[]> {
    const providers = cliProvidersOf(this.providers());
    return providers.length > 0
      ? import('./openCliSignIn').then((m) => m.cliActions(providers, this.refresh))
      : Promise.resolve([]);
  }

  /** Ends every CLI process still running (the window is closing). */
  dispose(): void {
    this.loadedRoute?.launcher.dispose();
  }
}
