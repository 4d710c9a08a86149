import type { IDisposable } from './base/lifecycle';

/** Wall clock and timers. Tests pass a fake to control debounce and batching without sleeping. */
export interface Clock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): IDisposable;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    return { dispose: () => clearTimeout(handle) };
  },
};

/** Where core writes what happened. The host maps it to its LogOutputChannel. */
export interface Logger {
  trace(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { trace() {}, info() {}, warn() {}, error() {} };

/** Fresh unique ids (messages, threads). */
export interface IdGenerator {
  next(): string;
}

export const randomIds: IdGenerator = { next: () => crypto.randomUUID() };

/** The subset of `fetch` the streaming client and health checks use, so tests and hosts can supply their own. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
