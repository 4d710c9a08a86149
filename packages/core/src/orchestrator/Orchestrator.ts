import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { ChatError, TokenUsage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Clock, IdGenerator, Logger } from '../ports';
import { assemblePrompt } from '../prompt/assemblePrompt';
import type { ChatState, SidecarStatus } from '../protocol/messages';
import { route } from '../router/route';
import type { Message, Transcript } from '../transcript/schema';
import { DeltaBatcher } from './deltaBatcher';
import type { ChatBackend, QuarantinedThread, ThreadRepository } from './ports';
import { SaveScheduler } from './saveScheduler';
import type { OrchestratorSettings } from './settings';
import {
  appendMessage,
  createTranscript,
  deriveTitle,
  tombstone,
  toPersistable,
  updateMessage,
  withParticipant,
} from './threadOps';

export interface OrchestratorDeps {
  repository: ThreadRepository;
  chat: ChatBackend;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  settings: OrchestratorSettings;
  sidecarStatus?: SidecarStatus;
}

export interface StreamDelta {
  messageId: string;
  contentDelta: string;
  /** The message's content length before this delta. */
  offset: number;
}

/** Whether an intent was carried out; a refusal's reason, or a notice on success, is shown to the user. */
export type IntentResult = { ok: true; notice?: string } | { ok: false; reason: string };

export interface TurnFailure {
  participant: ParticipantConfig;
  error: ChatError;
}

const OK: IntentResult = { ok: true };

/**
 * Owns the threads and runs turns. Every change goes through here; listeners get a full `ChatState` on each
 * structural change (`onDidChangeState`) and batched text on `onDidAppendDelta` while a reply streams.
 *
 * Invariants:
 * - at most one turn runs at a time, and while it runs its streaming message is the newest of its thread;
 * - a turn's responders answer one after another, each seeing the replies before it (prompt assembly reads the
 *   live transcript);
 * - every reply ends `complete`, `error` or `cancelled`, keeping its partial text; `streaming` never reaches disk.
 */
export class Orchestrator extends Disposable {
  private readonly stateEmitter = this._register(new Emitter<ChatState>((e) => this.logListenerError(e)));
  private readonly deltaEmitter = this._register(new Emitter<StreamDelta>((e) => this.logListenerError(e)));
  private readonly failureEmitter = this._register(new Emitter<TurnFailure>((e) => this.logListenerError(e)));
  readonly onDidChangeState: Event<ChatState> = this.stateEmitter.event;
  readonly onDidAppendDelta: Event<StreamDelta> = this.deltaEmitter.event;
  /** A reply failed; the host may offer a fix (e.g. set the access key on `proxy-auth`). */
  readonly onDidFailTurn: Event<TurnFailure> = this.failureEmitter.event;

  private readonly threads = new Map<string, Transcript>();
  private currentId: string;
  private settings: OrchestratorSettings;
  private sidecarStatus: SidecarStatus;
  private defaultTarget: string | null = null;
  private running: { controller: AbortController; done: Promise<void> } | undefined;
  private readonly saver: SaveScheduler;

  constructor(private readonly deps: OrchestratorDeps) {
    super();
    this.settings = deps.settings;
    this.sidecarStatus = deps.sidecarStatus ?? { ok: false, detail: 'Checking CLIProxyAPI…', pending: true };
    this.saver = this._register(new SaveScheduler(deps.repository, deps.clock, deps.logger));
    const first = this.newTranscript();
    this.currentId = first.id;
    this.threads.set(first.id, first);
  }

  /** Loads stored threads and opens the most recently updated one. Corrupt files are reported, never fatal. */
  async initialize(): Promise<{ quarantined: QuarantinedThread[] }> {
    const { threads, quarantined } = await this.deps.repository.loadAll();
    for (const t of threads) this.threads.set(t.id, t);
    const latest = [...threads].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    if (latest) {
      this.threads.delete(this.currentId);
      this.currentId = latest.id;
    }
    this.deps.logger.info(`Loaded ${threads.length} thread(s); ${quarantined.length} unreadable file(s) set aside.`);
    this.emitState();
    return { quarantined };
  }

  getState(): ChatState {
    const threads = [...this.threads.values()]
      .filter((t) => t.messages.length > 0 || t.id === this.currentId)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map(({ id, title, updatedAt }) => ({ id, title, updatedAt }));
    return {
      transcript: this.current,
      participants: this.settings.participants,
      sidecarStatus: this.sidecarStatus,
      threads,
      defaultTarget: this.effectiveDefaultTarget(),
      busy: this.running !== undefined,
    };
  }

  get isBusy(): boolean {
    return this.running !== undefined;
  }

  updateSettings(settings: OrchestratorSettings): void {
    this.settings = settings;
    this.emitState();
  }

  setSidecarStatus(status: SidecarStatus): void {
    this.sidecarStatus = status;
    this.emitState();
  }

  /**
   * Appends the user's message and runs the replies it asks for. Resolves when the message is appended and the
   * turn has started (not when it ends), so the caller never blocks on a model.
   */
  sendMessage(text: string, explicitTargets?: string[]): IntentResult {
    if (this.running) return { ok: false, reason: 'A reply is still streaming. Stop it or wait for it to finish.' };
    if (text.trim() === '') return { ok: false, reason: 'The message is empty.' };
    const enabled = this.settings.participants.filter((p) => p.enabled);
    const decision = route({
      text,
      participants: this.settings.participants,
      mode: this.settings.routerMode,
      defaultTarget: this.effectiveDefaultTarget(),
      lastAssistantSpeaker: this.lastAssistantSpeaker(),
      ...(explicitTargets ? { explicitTargets } : {}),
    });
    if (enabled.length === 0 || decision.targets.length === 0) {
      return { ok: false, reason: 'No participant is enabled. Add one in the setting roundtable.participants.' };
    }
    const now = this.deps.clock.now();
    let t = appendMessage(
      this.current,
      {
        id: this.deps.ids.next(),
        role: 'user',
        speaker: 'user',
        content: text,
        targets: decision.targets,
        status: 'complete',
        createdAt: now.toISOString(),
      },
      now,
    );
    t = { ...t, title: deriveTitle(t) };
    this.setThread(t);
    if (decision.reason === 'mentions') this.defaultTarget = decision.targets.at(-1) ?? this.defaultTarget;
    this.startTurn(decision.targets);
    const unknown = decision.unknownMentions;
    return unknown.length === 0
      ? OK
      : { ok: true, notice: `Not at the table: ${unknown.map((id) => `@${id}`).join(', ')}.` };
  }

  /** Stops the reply in flight; its partial text is kept as `cancelled` and queued responders are skipped. */
  stop(): void {
    this.running?.controller.abort(new DOMException('Stopped by the user', 'AbortError'));
  }

  async newThread(): Promise<IntentResult> {
    await this.stopAndWait();
    if (this.current.messages.length === 0) return OK;
    const t = this.newTranscript();
    this.threads.set(t.id, t);
    this.currentId = t.id;
    this.emitState();
    return OK;
  }

  async switchThread(threadId: string): Promise<IntentResult> {
    if (!this.threads.has(threadId)) return { ok: false, reason: 'That thread no longer exists.' };
    await this.stopAndWait();
    if (this.current.messages.length === 0 && this.currentId !== threadId) this.threads.delete(this.currentId);
    this.currentId = threadId;
    this.emitState();
    return OK;
  }

  setDefaultTarget(participantId: string): IntentResult {
    if (!this.settings.participants.some((p) => p.id === participantId && p.enabled)) {
      return { ok: false, reason: `"${participantId}" is not an enabled participant.` };
    }
    this.defaultTarget = participantId;
    this.emitState();
    return OK;
  }

  deleteMessage(messageId: string): IntentResult {
    const message = this.current.messages.find((m) => m.id === messageId);
    if (!message) return { ok: false, reason: 'That message no longer exists.' };
    if (message.status === 'streaming') return { ok: false, reason: 'Stop the reply before deleting it.' };
    if (message.status === 'deleted') return OK;
    this.setThread(updateMessage(this.current, messageId, tombstone, this.deps.clock.now()));
    return OK;
  }

  /**
   * Runs a failed or stopped reply again. The newest message is re-run in place (same seq); an older one gets a
   * fresh reply at the end, because the conversation has moved on since.
   */
  retryMessage(messageId: string): IntentResult {
    if (this.running) return { ok: false, reason: 'A reply is still streaming.' };
    const message = this.current.messages.find((m) => m.id === messageId);
    if (message?.role !== 'assistant') return { ok: false, reason: 'Only a reply can be retried.' };
    if (message.status !== 'error' && message.status !== 'cancelled') {
      return { ok: false, reason: 'Only a failed or stopped reply can be retried.' };
    }
    const participant = this.settings.participants.find((p) => p.id === message.speaker && p.enabled);
    if (!participant) return { ok: false, reason: `"${message.speaker}" is no longer an enabled participant.` };
    const isNewest = this.current.messages.at(-1)?.id === messageId;
    this.startTurn([participant.id], isNewest ? messageId : undefined);
    return OK;
  }

  /** Writes every pending change now. A reply still streaming is not written. */
  async flush(): Promise<void> {
    await this.saver.flush();
  }

  /** Deactivation: stops a reply in flight (kept as `cancelled` with its text) and writes everything pending. */
  async shutdown(): Promise<void> {
    await this.stopAndWait();
    await this.saver.flush();
  }

  override dispose(): void {
    this.stop();
    super.dispose();
  }

  // ---- turns ---------------------------------------------------------------------------------------------

  private startTurn(targets: string[], rerunMessageId?: string): void {
    const controller = new AbortController();
    const done = (async () => {
      try {
        for (const [i, target] of targets.entries()) {
          if (controller.signal.aborted) break;
          const outcome = await this.runReply(target, controller.signal, i === 0 ? rerunMessageId : undefined);
          if (outcome === 'cancelled') break;
        }
      } catch (error) {
        this.deps.logger.error(`Turn failed unexpectedly: ${describe(error)}`);
      } finally {
        this.running = undefined;
        this.emitState();
      }
    })();
    this.running = { controller, done };
    this.emitState();
  }

  private async runReply(
    participantId: string,
    signal: AbortSignal,
    rerunMessageId: string | undefined,
  ): Promise<Message['status']> {
    const participant = this.settings.participants.find((p) => p.id === participantId);
    if (!participant) return 'error';
    const threadId = this.currentId;
    const now = this.deps.clock.now();
    const messageId = rerunMessageId ?? this.deps.ids.next();
    let t = withParticipant(this.thread(threadId), participant.id);
    t = rerunMessageId
      ? updateMessage(t, rerunMessageId, (m) => {
          const { error: _e, usage: _u, ...rest } = m;
          return { ...rest, content: '', status: 'streaming' };
        })
      : appendMessage(
          t,
          {
            id: messageId,
            role: 'assistant',
            speaker: participant.id,
            content: '',
            status: 'streaming',
            createdAt: now.toISOString(),
          },
          now,
        );
    this.setThread(t);

    const prompt = assemblePrompt({
      transcript: t,
      speakerId: participant.id,
      participants: this.settings.participants,
      systemMode: this.settings.systemMode,
      softLimitChars: this.settings.softLimitChars,
      keepRecent: this.settings.keepRecent,
      userName: this.settings.userName,
    });
    if (prompt.omitted > 0) {
      this.deps.logger.info(`Prompt for ${participant.id}: ${prompt.omitted} older message(s) left out for length.`);
    }

    let content = '';
    const batcher = new DeltaBatcher(this.deps.clock, (text) => {
      const offset = content.length;
      content += text;
      this.setThread(
        updateMessage(this.thread(threadId), messageId, (m) => ({ ...m, content })),
        false,
      );
      this.deltaEmitter.fire({ messageId, contentDelta: text, offset });
    });
    let usage: TokenUsage | undefined;
    let failure: ChatError | undefined;
    let finished = false;
    let status: Message['status'];
    try {
      for await (const event of this.deps.chat({ model: participant.model, messages: prompt.messages }, signal)) {
        if (event.type === 'delta') batcher.append(event.text);
        else if (event.type === 'usage') usage = event.usage;
        else if (event.type === 'finish') finished = true;
        else failure = event.error;
      }
      if (!failure && !finished) failure = { kind: 'stream', message: 'The reply ended without a finish signal.' };
      status = failure ? 'error' : 'complete';
    } catch (error) {
      if (signal.aborted) {
        status = 'cancelled';
      } else {
        status = 'error';
        failure = { kind: 'stream', message: `Unexpected failure: ${describe(error)}` };
      }
    } finally {
      batcher.flush();
      batcher.dispose();
    }

    const final = updateMessage(
      this.thread(threadId),
      messageId,
      (m) => {
        const { error: _e, usage: _u, ...rest } = m;
        return {
          ...rest,
          content,
          status,
          ...(status === 'error' && failure ? { error: failure.message } : {}),
          ...(usage ? { usage } : {}),
        };
      },
      this.deps.clock.now(),
    );
    this.setThread(final);
    if (status === 'error' && failure) {
      this.deps.logger.warn(`Reply from ${participant.id} failed (${failure.kind}): ${failure.message}`);
      this.failureEmitter.fire({ participant, error: failure });
    }
    return status;
  }

  private async stopAndWait(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort(new DOMException('Stopped by the user', 'AbortError'));
    await running.done;
  }

  // ---- state ---------------------------------------------------------------------------------------------

  private get current(): Transcript {
    return this.thread(this.currentId);
  }

  private thread(id: string): Transcript {
    const t = this.threads.get(id);
    if (!t) throw new Error(`thread ${id} is not loaded`);
    return t;
  }

  /**
   * Stores a new version of a thread. Structural changes (the default) broadcast the full state and schedule a
   * save; content-only changes while streaming do neither (the delta event carries them, and the streaming
   * message is not persisted anyway).
   */
  private setThread(t: Transcript, structural = true): void {
    this.threads.set(t.id, t);
    if (!structural) return;
    this.saver.schedule(t.id, () => toPersistable(this.thread(t.id)));
    this.emitState();
  }

  private emitState(): void {
    if (this._store.isDisposed) return;
    this.stateEmitter.fire(this.getState());
  }

  private newTranscript(): Transcript {
    const enabled = this.settings.participants.filter((p) => p.enabled).map((p) => p.id);
    return createTranscript(this.deps.ids.next(), enabled, this.deps.clock.now());
  }

  private effectiveDefaultTarget(): string | null {
    const enabled = this.settings.participants.filter((p) => p.enabled);
    if (this.defaultTarget && enabled.some((p) => p.id === this.defaultTarget)) return this.defaultTarget;
    return enabled[0]?.id ?? null;
  }

  private lastAssistantSpeaker(): string | null {
    for (let i = this.current.messages.length - 1; i >= 0; i--) {
      const m = this.current.messages[i];
      if (m?.role === 'assistant') return m.speaker;
    }
    return null;
  }

  private logListenerError(error: unknown): void {
    this.deps.logger.error(`A listener failed: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
