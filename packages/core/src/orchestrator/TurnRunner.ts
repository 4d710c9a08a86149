import { errorMessage } from '../base/errors';
import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { ChatError } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Clock, IdGenerator, Logger } from '../ports';
import type { ThreadLease, ThreadStore } from '../store/ThreadStore';
import type { Message } from '../transcript/schema';
import { PromptLog } from './PromptLog';
import type { ChatBackend } from './ports';
import { promptFor } from './promptFor';
import { type Ended, restart, withEnding, withLeftOut } from './replyTransitions';
import type { OrchestratorSettings } from './settings';
import { streamReply } from './streamReply';
import { refusesSeveralSystemMessages, SystemModeMemory } from './systemMode';
import { type TurnProgress, TurnProgressBoard, type TurnProgressChange } from './TurnProgress';

export interface TurnRunnerDeps {
  store: ThreadStore;
  chat: ChatBackend;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Read when each reply starts, so a settings change applies to the next reply. */
  settings: () => OrchestratorSettings;
}

export interface TurnFailure {
  threadId: string;
  participant: ParticipantConfig;
  error: ChatError;
}

interface Turn {
  controller: AbortController;
  done: Promise<void>;
  /** The thread is gone: nobody left in the queue is offered a turn afterwards. */
  discarded: boolean;
}

const STOPPED = 'Stopped by the user';

/**
 * How a turn's first reply starts, when it is not a new reply: `rerun` runs that reply again in place (retry);
 * `alternativeOf` asks the turn's responder to answer what that reply answered, as a new reply beside it.
 */
export type FirstReply = { rerun: string } | { alternativeOf: string };

/**
 * Runs turns: for one thread, its responders one after another, each reply streamed into the store.
 *
 * Invariants:
 * - at most one turn per thread; turns on different threads run side by side and never wait for each other;
 * - a turn holds its thread loaded (a lease) until it ends, so switching views away does not stop it;
 * - each responder's prompt is assembled from the live transcript when its reply starts, so it sees the replies
 *   before it (the shared context); a reply re-run in place (retry) sees only the messages before it, as it did
 *   the first time, whatever was said after; an alternative sees what its original saw (the messages before it);
 * - a provider that refuses several system messages gets one more try with the notes inline, and inline prompts
 *   from then on (`systemModes`);
 * - every reply ends `complete`, `error` or `cancelled` with the text it got; if its message stops streaming
 *   meanwhile (deleted in another window, thread deleted), the reply is abandoned and the turn ends;
 * - Stop (or a removed thread) ends the reply in flight as `cancelled` and skips the responders still queued;
 * - `progress` says who answers now and who is queued; a turn that ended early leaves who it skipped (unless its
 *   thread is gone), which `continueSkipped` turns into a new turn.
 */
export class TurnRunner extends Disposable {
  private readonly busyEmitter = this._register(
    new Emitter<{ threadId: string; busy: boolean }>((e) => this.logListenerError(e)),
  );
  readonly onDidChangeBusy: Event<{ threadId: string; busy: boolean }> = this.busyEmitter.event;
  private readonly failureEmitter = this._register(new Emitter<TurnFailure>((e) => this.logListenerError(e)));
  /** A reply failed; the host may offer a fix (e.g. set the access key on `proxy-auth`). */
  readonly onDidFailReply: Event<TurnFailure> = this.failureEmitter.event;

  private readonly turns = new Map<string, Turn>();
  /** Providers found to take only one system message: their prompts carry thread notes inline. */
  readonly systemModes = new SystemModeMemory();
  /** The prompts this window sent, for "what did it see". */
  readonly prompts = new PromptLog();
  private readonly progress = this._register(new TurnProgressBoard((e) => this.logListenerError(e)));
  /** Who answers now and who is queued, or who a turn that ended early skipped. */
  readonly onDidChangeProgress: Event<TurnProgressChange> = this.progress.onDidChange;

  constructor(private readonly deps: TurnRunnerDeps) {
    super();
    this._register(
      deps.store.onDidChange((change) => {
        if (change.kind !== 'threadRemoved') return;
        const turn = this.turns.get(change.threadId);
        if (turn) turn.discarded = true;
        this.stop(change.threadId, 'The thread was deleted');
        this.progress.set(change.threadId, undefined);
      }),
    );
  }

  /** Where the thread's turn stands, if there is anything to show. */
  progressOf(threadId: string): TurnProgress | undefined {
    return this.progress.of(threadId);
  }

  /** Drops the offer to continue with the responders a stopped turn skipped. */
  dismissSkipped(threadId: string): void {
    if (this.progress.of(threadId)?.state === 'stopped') this.progress.set(threadId, undefined);
  }

  isBusy(threadId: string): boolean {
    return this.turns.has(threadId);
  }

  busyThreadIds(): string[] {
    return [...this.turns.keys()];
  }

  /**
   * Starts a turn on a loaded thread. `first` makes the first responder's reply a retry or an alternative.
   * False when a turn already runs there or the thread is not loaded.
   */
  start(threadId: string, targets: readonly string[], first?: FirstReply): boolean {
    if (this.turns.has(threadId) || targets.length === 0) return false;
    const lease = this.deps.store.retain(threadId);
    if (!lease) return false;
    const controller = new AbortController();
    const turn: Turn = { controller, done: Promise.resolve(), discarded: false };
    this.turns.set(threadId, turn);
    turn.done = this.run(threadId, targets, first, turn, lease);
    this.busyEmitter.fire({ threadId, busy: true });
    return true;
  }

  /** Stops the turn on a thread, if any: the reply in flight ends `cancelled` and queued responders are skipped. */
  stop(threadId: string, reason = STOPPED): void {
    this.turns.get(threadId)?.controller.abort(new DOMException(reason, 'AbortError'));
  }

  /** Resolves when the thread has no turn running. */
  async whenIdle(threadId: string): Promise<void> {
    await this.turns.get(threadId)?.done;
  }

  /** Deactivation: stops every turn and waits until each reply is written as `cancelled`. */
  async stopAll(): Promise<void> {
    const running = [...this.turns.entries()];
    for (const [threadId] of running) this.stop(threadId);
    await Promise.all(running.map(([, turn]) => turn.done));
  }

  override dispose(): void {
    for (const threadId of this.turns.keys()) this.stop(threadId);
    super.dispose();
  }

  private async run(
    threadId: string,
    targets: readonly string[],
    first: FirstReply | undefined,
    turn: Turn,
    lease: ThreadLease,
  ): Promise<void> {
    const { signal } = turn.controller;
    // The first responder that has not answered (nor started to): where a turn that ends early leaves off.
    let next = 0;
    try {
      while (next < targets.length && !signal.aborted) {
        this.progress.set(threadId, { state: 'running', responders: targets, current: next });
        const target = targets[next] as string;
        const outcome = await this.runReply(threadId, target, signal, next === 0 ? first : undefined);
        next += 1;
        if (outcome === 'cancelled' || outcome === 'abandoned') break;
      }
    } catch (error) {
      this.deps.logger.error(`Turn on thread ${threadId} failed unexpectedly: ${errorMessage(error)}`);
    } finally {
      this.turns.delete(threadId);
      lease.dispose();
      const skipped = turn.discarded ? [] : targets.slice(next);
      this.progress.set(threadId, skipped.length > 0 ? { state: 'stopped', skipped } : undefined);
      this.busyEmitter.fire({ threadId, busy: false });
    }
  }

  /**
   * One reply. Returns how it ended; `skipped` when it could not start (the participant left the settings),
   * `abandoned` when its message stopped taking text (deleted, or its thread is gone).
   */
  private async runReply(
    threadId: string,
    participantId: string,
    signal: AbortSignal,
    first: FirstReply | undefined,
  ): Promise<Message['status'] | 'skipped' | 'abandoned'> {
    const { store } = this.deps;
    const settings = this.deps.settings();
    const participant = settings.participants.find((p) => p.id === participantId);
    if (!participant) return 'skipped';
    const started =
      first && 'rerun' in first
        ? store.update(threadId, first.rerun, restart, 'normal')
        : store.append(
            threadId,
            {
              id: this.deps.ids.next(),
              role: 'assistant',
              speaker: participant.id,
              content: '',
              status: 'streaming',
              ...(first ? { alternativeOf: first.alternativeOf } : {}),
            },
            'normal',
          );
    if (started?.status !== 'streaming') return 'abandoned';
    const messageId = started.id;

    let mode = this.systemModes.modeFor(participant.provider, settings.systemMode);
    let outcome = await this.stream(threadId, messageId, participant, mode, signal);
    // A provider that refuses several system messages is asked again, once, with the notes inline, and remembered.
    if (outcome.kind === 'refusedSystem' && mode === 'multiple') {
      mode = 'inline';
      this.systemModes.rememberInline(participant.provider);
      this.deps.logger.info(
        `${participant.id}'s provider (${participant.provider ?? 'cliproxyapi'}) takes one system message; thread notes go inline for it from now on.`,
      );
      outcome = await this.stream(threadId, messageId, participant, mode, signal);
    }
    return outcome.kind === 'refusedSystem'
      ? this.end(threadId, messageId, participant, outcome.ended)
      : outcome.status;
  }

  /**
   * Builds the reply's prompt and streams it into its message. `refusedSystem` when the request was refused before
   * any text came, because the prompt carried several system messages (the message is left streaming and empty,
   * ready for another try); otherwise the status the reply ended with.
   */
  private async stream(
    threadId: string,
    messageId: string,
    participant: ParticipantConfig,
    systemMode: OrchestratorSettings['systemMode'],
    signal: AbortSignal,
  ): Promise<{ kind: 'ended'; status: Message['status'] | 'abandoned' } | { kind: 'refusedSystem'; ended: Ended }> {
    const { store, logger } = this.deps;
    const settings = this.deps.settings();
    const transcript = store.transcript(threadId);
    const message = store.message(threadId, messageId);
    if (!transcript || message?.status !== 'streaming') return { kind: 'ended', status: 'abandoned' };
    const prompt = promptFor(transcript, messageId, participant.id, settings, systemMode);
    store.update(threadId, messageId, (m) => withLeftOut(m, prompt.omitted), 'normal');
    this.prompts.record({
      messageId,
      speakerId: participant.id,
      model: participant.model,
      messages: prompt.messages,
      omitted: prompt.omitted,
      attempt: message.attempt ?? 1,
      at: this.deps.clock.now().toISOString(),
    });
    if (prompt.omitted > 0) {
      logger.info(`Prompt for ${participant.id}: ${prompt.omitted} older message(s) left out for length.`);
    }

    const { ended, received, abandoned } = await streamReply(
      this.deps,
      { threadId, messageId, participant },
      prompt.messages,
      signal,
    );
    if (abandoned) return { kind: 'ended', status: 'abandoned' };
    if (!received && ended.failure && refusesSeveralSystemMessages(ended.failure, prompt.messages)) {
      return { kind: 'refusedSystem', ended };
    }
    return { kind: 'ended', status: this.end(threadId, messageId, participant, ended) };
  }

  /** Writes how a reply ended (unless it ended elsewhere: a tombstone wins) and reports a failure. */
  private end(threadId: string, messageId: string, participant: ParticipantConfig, ended: Ended): Message['status'] {
    const { status, failure } = ended;
    this.deps.store.update(threadId, messageId, (m) => withEnding(m, ended), 'urgent');
    if (status === 'error' && failure) {
      this.deps.logger.warn(`Reply from ${participant.id} failed (${failure.kind}): ${failure.message}`);
      this.failureEmitter.fire({ threadId, participant, error: failure });
    }
    return status;
  }

  private logListenerError(error: unknown): void {
    this.deps.logger.error(`A turn listener failed: ${errorMessage(error)}`);
  }
}
