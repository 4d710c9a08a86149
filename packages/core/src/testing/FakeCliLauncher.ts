import type { CliExit, CliLaunch, CliLauncher, CliProcess } from '../cli/cliProcess';

/** A CLI process a test drives by hand: writes to stdout and stderr, exits, and records kills and launches. */
export class FakeCliProcess implements CliProcess {
  private readonly queue: (Uint8Array | null)[] = [];
  private waiting: (() => void) | undefined;
  private err = '';
  private closed = false;
  kills = 0;
  readonly pid = undefined;
  private settle: (exit: CliExit) => void = () => {};
  readonly exited = new Promise<CliExit>((resolve) => {
    this.settle = resolve;
  });

  constructor(private readonly onKill: 'exit' | 'ignore' = 'exit') {}

  write(text: string | Uint8Array): void {
    this.queue.push(typeof text === 'string' ? new TextEncoder().encode(text) : text);
    this.waiting?.();
  }

  writeErr(text: string): void {
    this.err += text;
  }

  /** Closes stdout and exits. */
  exit(exit: CliExit): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.push(null);
    this.waiting?.();
    this.settle(exit);
  }

  stderr(): string {
    return this.err;
  }

  kill(): void {
    this.kills++;
    if (this.onKill === 'exit') this.exit({ code: null, signal: 'SIGTERM' });
  }

  get stdout(): AsyncIterable<Uint8Array> {
    const self = this;
    return {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const next = self.queue.shift();
          if (next === null) return;
          if (next) {
            yield next;
            continue;
          }
          await new Promise<void>((resolve) => {
            self.waiting = resolve;
          });
        }
      },
    };
  }
}

export class FakeCliLauncher implements CliLauncher {
  readonly launches: CliLaunch[] = [];
  constructor(
    private readonly next: () => FakeCliProcess,
    private readonly refuse?: string,
  ) {}

  async launch(launch: CliLaunch): Promise<CliProcess> {
    this.launches.push(launch);
    if (this.refuse) throw new Error(this.refuse);
    return this.next();
  }
}
