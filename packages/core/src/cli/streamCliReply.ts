import { DEFAULT_FIRST_BYTE_MS, DEFAULT_STALL_MS } from '../llm/streamChatCompletion';
import type { ChatError, ChatMessage, StreamEvent } from '../llm/types';
import { Watchdog } from '../llm/watchdog';
import { type Clock, systemClock } from '../ports';
import { endedEarly, unreadableLine } from './cliEnding';
import { cliInput } from './cliInput';
import type { CliLauncher, CliProcess } from './cliProcess';
import { CliStreamReader } from './cliStream';
import type { CliDialect } from './dialect';

/** How long stdout may stay open after the CLI's own process exited (see `streamCliReply`). */
export const LEADER_GONE_MS = 2_000;
/** How long a CLI that completed its reply has to exit by itself before its group is ended. */
export const EXIT_GRACE_MS = 3_000;

export interface CliReplyRequest {
  dialect: CliDialect;
  command: string;
  model: string;
  messages: readonly ChatMessage[];
  /** Defaults as for HTTP: 60 s until the reply's first event, 120 s of silence between two stdout writes after. */
  timeouts?: { firstByteMs?: number; stallMs?: number };
  clock?: Clock;
}

/**
 * Streams one reply from an official CLI: one process per turn, the transcript on its stdin. Same contract as the
 * HTTP client (`streamChatCompletion`): `delta`s, then (`usage`? then `finish`) or a single `error`; nothing after;
 * an aborted signal makes the iteration throw its reason.
 *
 * - Timeouts: `firstByteMs` runs from the start until the first stream event the CLI's output gives (its start-up
 *   lines say nothing of the model, so they do not count); after that, `stallMs` is the longest silence on stdout.
 * - Every way out (finish, error, timeout, Stop, the caller leaving early) ends the process group: no CLI, nor
 *   anything it started, outlives its turn.
 * - A crash, a non-zero exit before the reply is complete, or an unreadable line ends the reply with the CLI's own
 *   words (stderr, credentials masked, bounded); the text already streamed stays with the caller.
 */
export async function* streamCliReply(
  request: CliReplyRequest,
  launcher: CliLauncher,
  signal: AbortSignal,
): AsyncGenerator<StreamEvent, void, undefined> {
  signal.throwIfAborted();
  const { dialect } = request;
  const input = cliInput(request.messages);
  let child: CliProcess;
  try {
    child = await launcher.launch({ dialect, command: request.command, model: request.model, ...input });
  } catch (error) {
    yield { type: 'error', error: { kind: 'network', message: (error as Error).message } };
    return;
  }
  const firstByteMs = request.timeouts?.firstByteMs ?? DEFAULT_FIRST_BYTE_MS;
  const stallMs = request.timeouts?.stallMs ?? DEFAULT_STALL_MS;
  // Set once, by whichever ends the process first: a timeout or the caller's Stop.
  let stopped: { timeout: ChatError } | { aborted: true } | undefined;
  let wake: () => void = () => {};
  const stop = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const end = (why: NonNullable<typeof stopped>) => {
    stopped ??= why;
    child.kill();
    wake();
  };
  const watchdog = new Watchdog((timeout) => end({ timeout }), request.clock ?? systemClock);
  const onAbort = () => end({ aborted: true });
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort(); // Stop came while the process was starting
  // A CLI whose launcher process died while a child it started holds stdout open (a wrapper killed, its native
  // program left running) would keep the reply waiting until the stall timeout: once the leader has been gone a
  // moment, the group is ended and stdout is read to its end.
  void child.exited.then(() => {
    const timer = request.clock ?? systemClock;
    timer.setTimeout(() => {
      if (!stopped) child.kill();
    }, LEADER_GONE_MS);
  });
  const reader = new CliStreamReader(dialect);
  const stdout = child.stdout[Symbol.asyncIterator]();
  let started = false;
  try {
    watchdog.arm(firstByteMs, firstEventTimeout(dialect, firstByteMs));
    while (!reader.stopped) {
      // A killed process closes stdout, but a grandchild that left the group could hold it open: the stop wins.
      const next = await Promise.race([stdout.next(), stop.then(() => undefined)]);
      if (next === undefined || next.done) break;
      const events = reader.push(next.value);
      if (started) watchdog.arm(stallMs, stallTimeout(dialect, stallMs));
      for (const event of events) {
        if (!started) {
          started = true;
          watchdog.arm(stallMs, stallTimeout(dialect, stallMs));
        }
        yield event;
      }
    }
    if (stopped && 'aborted' in stopped) throw signal.reason;
    if (stopped) {
      yield { type: 'error', error: stopped.timeout };
      return;
    }
    if (!reader.stopped) for (const event of reader.end()) yield event;
    if (reader.done) {
      // The reply is complete, but the CLI may still be saving its own state: ending it now can leave a lock behind
      // that its next start waits on. It gets a moment to leave by itself; the group is ended after that either way.
      const grace = new Promise<void>((resolve) => {
        (request.clock ?? systemClock).setTimeout(resolve, EXIT_GRACE_MS);
      });
      await Promise.race([child.exited, grace, stop]);
      return;
    }
    watchdog.disarm();
    if (reader.malformed !== undefined) {
      void stdout.return?.(); // what follows is not read: let the pipe go, so the exit is not held up by it
      child.kill();
      await Promise.race([child.exited, stop]);
      yield { type: 'error', error: unreadableLine(dialect, reader.malformed, child.stderr()) };
      return;
    }
    // Stdout closed before the reply was complete: wait for the exit to say how it ended (Stop still wins).
    const exit = await Promise.race([child.exited, stop.then(() => undefined)]);
    if (stopped && 'aborted' in stopped) throw signal.reason;
    yield { type: 'error', error: endedEarly(dialect, exit ?? { code: null, signal: null }, child.stderr()) };
  } finally {
    watchdog.dispose();
    signal.removeEventListener('abort', onAbort);
    child.kill();
    void stdout.return?.();
  }
}

function firstEventTimeout(dialect: CliDialect, ms: number): ChatError {
  return {
    kind: 'timeout',
    message: `${dialect.productName} gave no reply within ${ms / 1000} s; its process was ended.`,
  };
}

function stallTimeout(dialect: CliDialect, ms: number): ChatError {
  return {
    kind: 'timeout',
    message: `${dialect.productName} went silent for ${ms / 1000} s mid-reply; its process was ended.`,
  };
}
