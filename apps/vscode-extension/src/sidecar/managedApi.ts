import type { Logger } from '@roundtable/core/ports';
import type { SeatMap, SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';

/**
 * What the host knows of the managed proxy. The implementation (`managedSidecar.ts`, with its archive, YAML and
 * process code) is loaded through an `import()` only in managed mode, so this file holds types only.
 */
export interface ManagedSidecar extends StatusSource<SidecarStatus> {
  /** The proxy's URL while one is up (run here or in another window). */
  url(): string | undefined;
  /** The random local key the managed proxy takes, made once and kept in secret storage. */
  accessKey(): Promise<string>;
  restart(): Promise<void>;
  /** This window's part stops: its proxy, if it runs it, and the lease. */
  stop(): Promise<void>;
  /** The sign-ins the proxy offers. */
  loginProviders(): readonly { id: string; label: string }[];
  /**
   * Signs in to a provider through the proxy: `open` shows the sign-in page (and the code, for device sign-ins);
   * resolves when the provider answered, it failed, or `signal` aborted.
   */
  login(
    provider: string,
    open: (url: string, userCode: string | undefined) => void | Promise<void>,
    signal: AbortSignal,
  ): Promise<{ kind: 'ok' } | { kind: 'cancelled' } | { kind: 'failed'; reason: string }>;
  /**
   * The command line that signs in with the proxy's own binary, for a terminal (when the browser cannot reach this
   * machine's callback port); undefined while no binary is installed.
   */
  terminalLogin(provider: string): Promise<string[] | undefined>;
  /** The participants' seats that are not simply ready (cooling, needing a login). */
  seats: StatusSource<SeatMap>;
  /** The login provider a participant's seat needs, when it is known. */
  seatProvider(participantId: string): string | undefined;
  /** Clears the pause of the login a cooling seat waits for. */
  resetSeat(participantId: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** Enables the login the proxy holds disabled for a seat (its seat is `unavailable` with the fix `enable`). */
  enableSeat(participantId: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** A reply failed: the seats may have changed (a login paused). */
  noteReplyFailed(): void;
  /** Facts for the diagnostics command: never a key or a token. */
  diagnostics(): Record<string, string>;
  dispose(): void;
}

export interface ConsentAsk {
  version: string;
  url: string;
  sha256: string;
}

export interface ManagedSidecarDeps {
  /** The extension's global storage folder. */
  storageDir: string;
  /**
   * The proxy's watchdog program (the extension's `dist/proxyWatchdog.js`), run by the host's own Node, so the proxy
   * ends when this window's extension host does, even when it is killed.
   */
  watchdog: { nodePath: string; script: string };
  /** `roundtable.sidecar.binaryPath`: a binary the user provides; empty means the pinned release. */
  binaryPath: string;
  preferredPort: number;
  /** Read at each look at the seats, so a settings change applies. */
  participants: () => readonly { id: string; model: string; enabled: boolean }[];
  secrets: { get(key: string): Promise<string | undefined>; store(key: string, value: string): Promise<void> };
  logger: Logger;
  /** Asks the user before anything is downloaded. */
  consent(request: ConsentAsk): Promise<boolean>;
  /** Shows a download while it runs; the user may cancel it. */
  showDownload(download: DownloadProgress): void;
  /** A release mirror on loopback with its own hash: only tests set it (see `testHooks.ts`). */
  mirror?: { baseUrl: string; sha256: string };
  /** Variables for the proxy's environment alone: only tests set them (see `testHooks.ts`). */
  proxyEnv?: Record<string, string>;
}

/** A download in progress, as the host shows it. */
export interface DownloadProgress {
  /** Each new line of progress ("12 of 25 MB", "Checking the download…"). */
  onReport(listener: (message: string) => void): void;
  /** Settles when the download is over, whatever the outcome. */
  done: Promise<void>;
  cancel(): void;
}

export type StartManagedSidecar = (deps: ManagedSidecarDeps) => ManagedSidecar;
