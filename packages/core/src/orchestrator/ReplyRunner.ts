import type { Emitter } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { ChatError } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Clock, IdGenerator, Logger } from '../ports';
import type { ThreadStore } from '../store/ThreadStore';
import type { StepRef } from '../transcript/plan';
import type { Message } from '../transcript/schema';
import type { PromptLog } from './PromptLog';
import type { ChatBackend, PromptAssembler } from './ports';
import { type Ended, restart, withEnding, withLeftOut } from './replyTransitions';
import type { OrchestratorSettings } from './settings';
import { streamReply } from './streamReply';
import { positionsReadingOf, synthesisReadingOf } from './synthesisReadings';
import { refusesSeveralSystemMessages, type SystemModeMemory } from './systemMode';

export interface ReplyRunnerDeps {
  store: ThreadStore;
  chat: ChatBackend;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Read when each reply starts, so a settings change applies to the next reply. */
  settings: () => OrchestratorSettings;
  /**
   * Whether a seat can be asked now (routable, and not absent: `Table.canAnswer`), read as each step starts, so a
   * seat found signed out or unreachable during a turn is left out of its later steps.
   */
  canAnswer: (seat: string) => boolean;
  /** Builds each reply's prompt as its step's rule allows (`assembleStepPrompt`). */
  prompts: PromptAssembler;
}

export interface TurnFailure {
  threadId: string;
  participant: ParticipantConfig;
  error: ChatError;
}

/**
 * Which message a reply streams into: a new one (of a plan step, or of none), one run again in its place (a retry,
 * or a place kept for a seat that never began), or a new alternative to another reply (it takes that reply's step).
 */
export type ReplyTarget =
  | { kind: 'new'; step?: StepRef; reviewOf?: string }
  | { kind: 'rerun'; messageId: string }
  | { kind: 'alternative'; of: string; step?: StepRef };

/** How one reply ended; `abandoned` when its message stopped taking text (deleted, or its thread is gone). */
export type ReplyOutcome = Message['status'] | 'abandoned';

/**
 * Runs single replies: puts the message in place, builds its prompt from what its step lets it read, streams it and
 * writes how it ended (with its timing, and its usage, estimated when the provider gave none).
 *
 * Invariants:
 * - the prompt is built from the live transcript when the reply starts (`deps.prompts`), and recorded, with what the
 *   rule hid and the names it replaced, for the prompt inspector;
 * - a provider that refuses several system messages gets one more try with the notes inline, and inline prompts
 *   from then on (`systemModes`);
 * - every reply ends `complete`, `error` or `cancelled` with the text it got; a failure is reported once;
 * - a council's synthesis that ends with text ends read (`readSynthesis`: its ledger, by seat), and a dispute round's
 *   position its positions (`readPositions`), in the same write.
 */
export class ReplyRunner extends Disposable {
  /** Providers found to take only one system message: their prompts carry thread notes inline. */
  private readonly systemModes: SystemModeMemory;
  /** The prompts this window sent, for "what did it see". */
  private readonly prompts: PromptLog;
  /** Told of each failed reply, once. */
  private readonly failureEmitter: Emitter<TurnFailure>;

  constructor(
    private readonly deps: ReplyRunnerDeps,
    /** What outlives the runner (its owner keeps them from before the first reply): see `TurnRunner`. */
    memory: { prompts: PromptLog; systemModes: SystemModeMemory; failures: Emitter<TurnFailure> },
  ) {
    super();
    this.prompts = memory.prompts;
    this.systemModes = memory.systemModes;
    this.failureEmitter = memory.failures;
  }

  /**
   * Puts the reply's message in place (streaming): appended, or run again in place. Undefined when it cannot start:
   * the participant left the settings, the thread is gone, or the message is not there to run again.
   */
  place(threadId: string, seat: string, target: ReplyTarget): Message | undefined {
    const { store } = this.deps;
    const participant = this.deps.settings().participants.find((p) => p.id === seat);
    if (!participant) return undefined;
    const started =
      target.kind === 'rerun'
        ? store.update(threadId, target.messageId, restart, 'normal')
        : store.append(
            threadId,
            {
              id: this.deps.ids.next(),
              role: 'assistant',
              speaker: participant.id,
              content: '',
              status: 'streaming',
              ...(target.step ? { step: target.step } : {}),
              ...(target.kind === 'alternative' ? { alternativeOf: target.of } : {}),
              ...(target.kind === 'new' && target.reviewOf ? { reviewOf: target.reviewOf } : {}),
            },
            'normal',
          );
    return started?.status === 'streaming' ? started : undefined;
  }

  /** Streams a placed reply to its end and writes it. */
  async run(threadId: string, messageId: string, signal: AbortSignal): Promise<ReplyOutcome> {
    const settings = this.deps.settings();
    const speaker = this.deps.store.message(threadId, messageId)?.speaker;
    const participant = settings.participants.find((p) => p.id === speaker);
    if (!participant) return this.end(threadId, messageId, undefined, { status: 'cancelled' });
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

  /** A placed reply that will never start (its turn was stopped first) ends `cancelled`, empty. */
  cancelUnstarted(threadId: string, messageId: string): void {
    this.end(threadId, messageId, undefined, { status: 'cancelled' });
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
  ): Promise<{ kind: 'ended'; status: ReplyOutcome } | { kind: 'refusedSystem'; ended: Ended }> {
    const { store, logger } = this.deps;
    const settings = this.deps.settings();
    const transcript = store.transcript(threadId);
    const message = store.message(threadId, messageId);
    if (!transcript || message?.status !== 'streaming') return { kind: 'ended', status: 'abandoned' };
    const prompt = this.deps.prompts(transcript, messageId, participant.id, settings, systemMode);
    store.update(threadId, messageId, (m) => withLeftOut(m, prompt.omitted), 'normal');
    this.prompts.record({
      messageId,
      speakerId: participant.id,
      model: participant.model,
      messages: prompt.messages,
      omitted: prompt.omitted,
      attempt: message.attempt ?? 1,
      at: this.deps.clock.now().toISOString(),
      rule: prompt.rule,
      ...cliOf(participant, settings),
    });
    if (prompt.omitted > 0) {
      logger.info(`Prompt for ${participant.id}: ${prompt.omitted} older message(s) left out for length.`);
    }
    const promptChars = prompt.messages.reduce((sum, m) => sum + m.content.length, 0);
    const streamed = await streamReply(this.deps, { threadId, messageId, participant }, prompt.messages, signal);
    const { ended, received, abandoned, timing } = streamed;
    if (abandoned) return { kind: 'ended', status: 'abandoned' };
    if (!received && ended.failure && refusesSeveralSystemMessages(ended.failure, prompt.messages)) {
      return { kind: 'refusedSystem', ended: { ...ended, timing, promptChars } };
    }
    return { kind: 'ended', status: this.end(threadId, messageId, participant, { ...ended, timing, promptChars }) };
  }

  /** Writes how a reply ended (unless it ended elsewhere: a tombstone wins) and reports a failure. */
  private end(
    threadId: string,
    messageId: string,
    participant: ParticipantConfig | undefined,
    ended: Ended,
  ): Message['status'] {
    const { status, failure } = ended;
    const { store } = this.deps;
    const message = store.message(threadId, messageId);
    const synthesis = synthesisReadingOf(store, threadId, message);
    const positions = positionsReadingOf(store, threadId, message);
    const read = { ...(synthesis ? { synthesis } : {}), ...(positions ? { positions } : {}) };
    store.update(threadId, messageId, (m) => withEnding(m, { ...ended, ...read }), 'urgent');
    if (status === 'error' && failure && participant) {
      this.deps.logger.warn(`Reply from ${participant.id} failed (${failure.kind}): ${failure.message}`);
      this.failureEmitter.fire({ threadId, participant, error: failure });
    }
    return status;
  }
}

/** `{ cli }` when the participant sits on an official CLI, so its prompt is shown as that process's input. */
export function cliOf(participant: ParticipantConfig | undefined, settings: OrchestratorSettings): { cli?: string } {
  const cli = participant?.provider ? settings.cliProviders?.[participant.provider] : undefined;
  return cli ? { cli } : {};
}
