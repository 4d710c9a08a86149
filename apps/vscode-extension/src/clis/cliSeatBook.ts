import { type CliDialect, dialectOf } from '@roundtable/core/cli';
import { type CliDetection, detectCli } from '@roundtable/sidecar/cli';
import type { CliProviderConfig } from '../adapters/readProviders';

/**
 * What the window knows of its CLI providers: each one's detection (where the program is and its version, or why it
 * cannot be used), asked once and kept until the settings change or a reply there fails, so a missing or outdated CLI
 * is found once, not on every message; and which of them said they are not signed in (until a sign-in terminal
 * closes or the settings change).
 */
export class CliSeatBook {
  private readonly detections = new Map<string, Promise<CliDetection>>();
  private readonly signedOut = new Set<string>();

  constructor(
    private readonly detect: (dialect: CliDialect, command: string | undefined) => Promise<CliDetection> = detectCli,
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
    }
    return found;
  }

  /** Forgets every detection (the settings changed, or a reply failed: the CLI may have been installed or updated). */
  forget(): void {
    this.detections.clear();
  }

  noteSignedOut(providerId: string): void {
    this.signedOut.add(providerId);
  }

  noteSignInEnded(providerId: string): void {
    this.signedOut.delete(providerId);
  }

  isSignedOut(providerId: string): boolean {
    return this.signedOut.has(providerId);
  }
}
