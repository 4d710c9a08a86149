import type { CliDialect, CliLoginState } from '@roundtable/core/cli/dialect';
import { dialectOf } from '@roundtable/core/cli/dialects/index';
import { checkCliLogin } from '@roundtable/sidecar/cli/checkCliLogin';
import { type CliDetection, detectCli } from '@roundtable/sidecar/cli/detectCli';
import type { CliProviderConfig } from '../adapters/readProviders';

/** Checks whether a detected CLI is signed in (its dialect's status command or login files). */
export type LoginCheck = (dialect: CliDialect, path: string) => Promise<CliLoginState>;

/**
 * What the window knows of its CLI providers: each one's detection (where the program is and its version, or why it
 * cannot be used), asked once and kept until the settings change or a reply there fails, so a missing or outdated CLI
 * is found once, not on every message; whether each is signed in, checked before any reply (kept the same way, and
 * checked again when the window regains focus); and which of them said they are not signed in in a reply (until a
 * sign-in terminal closes, the settings change, or a check finds a login that was not there before).
 */
export class CliSeatBook {
  private readonly detections = new Map<string, Promise<CliDetection>>();
  private readonly logins = new Map<string, Promise<CliLoginState>>();
  /** The last login check's answer per provider, to tell a new login from one a reply already found refused. */
  private readonly lastLogin = new Map<string, CliLoginState>();
  private readonly signedOut = new Set<string>();
  /** The detections that found the CLI missing or unusable: looked for again with the logins (Install, Update). */
  private readonly failedDetections = new Set<string>();
  constructor(
    private readonly detect: (dialect: CliDialect, command: string | undefined) => Promise<CliDetection> = detectCli,
    private readonly checkLogin: LoginCheck = checkCliLogin,
  ) {}
  dialect(provider: CliProviderConfig): CliDialect {
    return dialectOf(provider.cli);
  }
  detection(provider: CliProviderConfig): Promise<CliDetection> {
    const key = `${provider.cli}\u0000${provider.command ?? ''}`;
    let found = this.detections.get(key);
    if (!found) {
      found = this.detect(this.dialect(provider), provider.command);
      this.detections.set(key, found);
      void found.then((result) => {
        if (!result.ok && this.detections.get(key) === found) this.failedDetections.add(key);
      });
    }
    return found;
  }
  /**
   * Whether the provider's CLI is signed in, as its own status (or its login files) says: `unknown` for a CLI that
   * cannot be used or cannot tell. Asked once per provider until `forget` or `recheckLogins`.
   */
  login(provider: CliProviderConfig): Promise<CliLoginState> {
    let known = this.logins.get(provider.id);
    if (!known) {
      known = this.detection(provider).then(async (found) => {
        const state = found.ok ? await this.checkLogin(this.dialect(provider), found.path) : 'unknown';
        // Someone signed in since a check found them out: whatever a reply said before is over.
        if (state === 'signed-in' && this.lastLogin.get(provider.id) === 'signed-out')
          this.signedOut.delete(provider.id);
        this.lastLogin.set(provider.id, state);
        return state;
      });
      this.logins.set(provider.id, known);
    }
    return known;
  }
  /** Forgets every detection and login check (the settings changed, or a reply failed: the CLI may have changed). */
  forget(): void {
    this.detections.clear();
    this.failedDetections.clear();
    this.logins.clear();
  }
  /**
   * Forgets the login checks, and the detections that found a CLI missing or unusable (the window regained focus:
   * the user may have signed in or out, or installed or updated a CLI, elsewhere). A CLI found usable is kept.
   */
  recheckLogins(): void {
    this.logins.clear();
    for (const key of this.failedDetections) this.detections.delete(key);
    this.failedDetections.clear();
  }
  noteSignedOut(providerId: string): void {
    this.signedOut.add(providerId);
  }
  noteSignInEnded(providerId: string): void {
    this.signedOut.delete(providerId);
    this.logins.delete(providerId);
  }
  /** True when a reply said the CLI is not signed in (the login check is `login`). */
  isSignedOut(providerId: string): boolean {
    return this.signedOut.has(providerId);
  }
}
