import { Disposable } from '../base/lifecycle';
import type { Clock, IdGenerator, Logger } from '../ports';
import type { SeatMap } from '../protocol/proxyStatus';
import type { ThreadRepository } from '../store/ports';
import type { SaveTiming } from '../store/saveScheduler';
import { type ThreadLease, ThreadStore } from '../store/ThreadStore';
import type { DiscussionMode } from '../transcript/plan';
import type { ContextBlock, ImageRef } from '../transcript/schema';
import type { LeaseOwner } from '../transcript/turnLease';
import type { PromptInspection } from './inspectPrompt';
import { lastAssistantSpeaker } from './lastSpeaker';
import type { ChatBackend } from './ports';
import { type IntentResult, OK, refuse } from './result';
import type { OrchestratorSettings } from './settings';
import { Table } from './Table';
import { TurnRunner } from './TurnRunner';
import { tombstone } from './tombstone';
import type { TurnContext } from './turnIntents';
import { unfinishedPlan } from './unfinishedPlan';

/** The code the turn intents run (`turnCode.ts`), loaded by the first of them: activation parses none of it. */
const turnCode = () => import('./turnCode');

export interface OrchestratorDeps {
  repository: ThreadRepository;
  chat: ChatBackend;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  settings: OrchestratorSettings;
  saveTiming?: SaveTiming;
  /** This window as its turns' leases name it (`ThreadStoreDeps.leaseOwner`). */
  leaseOwner?: LeaseOwner;
  /**
   * What each seat can do now (the host's one seat map): a seat that needs a login or cannot be reached is left out
   * of turns until it is fixed.
   */
  seats?: () => SeatMap;
}

/**
 * The user's intents, carried out over the thread store, the turn runner and the router. It holds no state of
 * its own: threads live in `store`, replies in flight in `runner`, who sits at the table in `table`. Every
 * thread-scoped intent names its thread, because each view shows its own.
 */
export class Orchestrator extends Disposable {
  readonly store: ThreadStore;
  readonly runner: TurnRunner;
  readonly table: Table;
  private readonly turns: TurnContext;

  constructor(deps: OrchestratorDeps) {
    super();
    this.table = this._register(new Table(deps.settings, deps.seats));
    this.store = this._register(
      new ThreadStore({
        repository: deps.repository,
        clock: deps.clock,
        ids: deps.ids,
        logger: deps.logger,
        ...(deps.saveTiming ? { timing: deps.saveTiming } : {}),
        ...(deps.leaseOwner ? { leaseOwner: deps.leaseOwner } : {}),
      }),
    );
    this.runner = this._register(
      new TurnRunner({
        store: this.store,
        chat: deps.chat,
        clock: deps.clock,
        ids: deps.ids,
        logger: deps.logger,
        settings: () => this.table.settings,
        canAnswer: (seat) => this.table.canAnswer(seat),
      }),
    );
    this.turns = { store: this.store, runner: this.runner, table: this.table, ids: deps.ids };
  }

  /**
   * The code the turn intents run, the runner's turn loop and the turns' leases, loaded by the first of them: with
   * them in hand, a turn an intent starts is under way when the intent returns.
   */
  private async code(): Promise<Awaited<ReturnType<typeof turnCode>>> {
    const [code] = await Promise.all([turnCode(), this.runner.engine(), this.store.leasesReady()]);
    return code;
  }

  /**
   * A new, empty thread with the enabled participants, held by the returned lease (a view). `threadId`: one drawn
   * earlier (`store.newThreadId()`), for a view that shows the new thread while its code loads.
   */
  newThread(threadId?: string): Promise<ThreadLease> {
    return this.store.create(
      this.table.enabled().map((p) => p.id),
      threadId,
    );
  }

  /**
   * Appends the user's message and starts the replies it asks for (`sendMessage`). Returns as soon as the turn has
   * started (never waits for a model). Names that get no reply (unknown, disabled, muted, past the responder cap) are
   * kept on the message (`unrouted`), so the thread says why; a message whose names all fail is refused with why, so
   * it never goes to someone it did not name. Seats that cannot answer now are left out; when none it names can, it
   * is refused with why. `stances`: a Council whose seats argue sides (one for, one against, the others both).
   */
  async send(
    threadId: string,
    text: string,
    explicitTargets?: string[],
    contextBlocks: ContextBlock[] = [],
    images: ImageRef[] = [],
    options: { stances?: boolean; mode?: DiscussionMode } = {},
  ): Promise<IntentResult> {
    const { sendMessage } = await this.code();
    if (!this.store.isLoaded(threadId)) return refuse('That thread is not open any more.');
    if (this.runner.isBusy(threadId)) {
      return refuse('A reply is still streaming in this thread. Stop it or wait for it to finish.');
    }
    if (text.trim() === '' && contextBlocks.length === 0 && images.length === 0) return refuse('The message is empty.');
    return sendMessage(this.turns, threadId, {
      text,
      explicitTargets,
      contextBlocks,
      images,
      speakingTo: this.speakingTo(threadId),
      lastAssistantSpeaker: lastAssistantSpeaker(this.store.transcript(threadId)?.messages ?? []),
      ...(options.stances ? { stances: true } : {}),
      ...(options.mode ? { mode: options.mode } : {}),
    });
  }

  /** Continue after a reply that stopped at its seat's length limit: its seat alone goes on (`askToContinue`). */
  async continueReply(threadId: string, messageId: string): Promise<IntentResult> {
    const ask = (await this.code()).askToContinue(this.store.transcript(threadId), messageId);
    return typeof ask === 'string' ? this.send(threadId, ask, undefined, [], [], { mode: 'discuss' }) : ask;
  }

  /** Stops the reply in flight on that thread; its partial text is kept as `cancelled`. */
  stop(threadId: string): IntentResult {
    this.runner.stop(threadId);
    return OK;
  }

  /**
   * Continue: the turn stopped earlier (in this window, or before a reload) goes on where it stopped: the seats that
   * never answered answer now, each reading what its step allows, and the steps after follow. Those disabled or
   * muted since are left out.
   */
  async continueSkipped(threadId: string): Promise<IntentResult> {
    return (await this.code()).continueTurn(this.turns, threadId);
  }

  /**
   * Another round of the discussion the last user message started: everyone who took part answers again (after
   * Discuss, in the same order, each having read the whole last round; after Independent or Council, all at once,
   * each having read every earlier answer); never past `maxRounds`.
   */
  async anotherRound(threadId: string): Promise<IntentResult> {
    return (await this.code()).startAnotherRound(this.turns, threadId);
  }

  /** "Ask the table to review" a reply: the other seats (or a group's) review it, anonymised by default. */
  async review(threadId: string, messageId: string, groupId?: string): Promise<IntentResult> {
    return (await this.code()).startReview(this.turns, threadId, messageId, groupId);
  }

  /**
   * Discuss disputes on a Council's synthesis: rounds that argue only the claims still disputed, anonymised, until none
   * is, two rounds in a row change nothing, or `maxDisputeRounds` have run.
   */
  async discussDisputes(threadId: string, messageId: string): Promise<IntentResult> {
    return (await this.code()).startDisputes(this.turns, threadId, messageId);
  }

  /** Review anyway: a Council that ended at its unanimous vote runs its reviews and synthesis (`reviewAnyway`). */
  async reviewAnyway(threadId: string, planId: string): Promise<IntentResult> {
    return (await this.code()).reviewAnyway(this.turns, threadId, planId);
  }

  /** How several seats take a message in this thread: Discuss, Independent or Council (remembered per thread). */
  setMode(threadId: string, mode: DiscussionMode): IntentResult {
    return this.store.setMode(threadId, mode) ? OK : refuse('That thread is not open any more.');
  }

  /** Drops the offer to continue with the responders a stopped turn skipped. */
  dismissSkipped(threadId: string): IntentResult {
    const transcript = this.store.transcript(threadId);
    const open = transcript ? unfinishedPlan(transcript, this.runner, this.table) : undefined;
    this.runner.dismissSkipped(threadId, open?.plan.id);
    return OK;
  }

  /** The prompt a reply was sent ("what did it see"), and those of the other replies of its turn, to compare. */
  async inspectPrompt(threadId: string, messageId: string): Promise<PromptInspection> {
    const { inspectPrompt, assembleStepPrompt } = await this.code();
    const transcript = this.store.transcript(threadId);
    if (!transcript) return { ok: false, reason: 'That thread is not open any more.' };
    return inspectPrompt(transcript, messageId, this.runner.prompts, this.table.settings, assembleStepPrompt);
  }

  /** Tombstones a message: it keeps its place, loses its content and leaves every prompt. */
  deleteMessage(threadId: string, messageId: string): IntentResult {
    const message = this.store.message(threadId, messageId);
    if (!message) return refuse('That message no longer exists.');
    if (message.status === 'streaming') return refuse('Stop the reply before deleting it.');
    if (message.status === 'deleted') return OK;
    this.store.update(threadId, messageId, tombstone, 'urgent');
    return OK;
  }

  /**
   * Runs a failed or stopped reply again, in place: a new attempt of the same message, in the same position, from
   * the messages before it. The replies after it keep what they said.
   */
  async retry(threadId: string, messageId: string): Promise<IntentResult> {
    return (await this.code()).retryReply(this.turns, threadId, messageId);
  }

  /**
   * Asks another participant to answer what a reply answered ("Regenerate as…"): a new reply, shown beside the
   * original as its alternative, from the same messages the original had before it. The original stays.
   */
  async regenerateAs(threadId: string, messageId: string, participantId: string): Promise<IntentResult> {
    return (await this.code()).regenerateAs(this.turns, threadId, messageId, participantId);
  }

  /**
   * Reads, once, what the syntheses of a thread written before readings were stored say (`readOlderSyntheses`), when
   * it is shown. Only a thread that may hold one loads the code for it: one with a reply of a plan's third step (a
   * council's synthesis; no other plan has three) that said something and holds no reading.
   */
  async readOlderSyntheses(threadId: string): Promise<void> {
    const messages = this.store.transcript(threadId)?.messages ?? [];
    if (messages.some((m) => m.step?.index === 2 && !m.synthesis && /\S/.test(m.content))) {
      (await this.code()).readOlderSyntheses(this.store, threadId);
    }
  }

  /**
   * Who answers a message in this thread that names nobody: the thread's own choice while that participant can
   * answer, else the one chosen last in this window, else the first who can.
   */
  speakingTo(threadId: string | undefined): string | null {
    const chosen = threadId ? this.store.choices(threadId)?.speakingTo : undefined;
    if (chosen && this.table.canBeAddressed(chosen)) return chosen;
    return this.table.defaultTarget();
  }

  /** Sets who answers a message in this thread that names nobody (and the window's choice for new threads). */
  setSpeakingTo(threadId: string, participantId: string): IntentResult {
    const result = this.table.setDefaultTarget(participantId);
    if (!result.ok) return result;
    if (!this.store.setSpeakingTo(threadId, participantId)) return refuse('That thread is not open any more.');
    return OK;
  }

  /** Gives a thread the user's title, in every window. Loads it for the while if no view shows it. */
  async renameThread(threadId: string, title: string): Promise<IntentResult> {
    const trimmed = title.trim();
    if (trimmed === '') return refuse('A thread needs a title.');
    if (trimmed.length > MAX_TITLE_CHARS) return refuse(`A title has at most ${MAX_TITLE_CHARS} characters.`);
    const opened = await this.store.open(threadId);
    if (!opened.ok) return opened;
    try {
      if (this.store.transcript(threadId)?.messages.length === 0) {
        return refuse('Send a message first: an empty thread is not kept.');
      }
      this.store.rename(threadId, trimmed);
      return OK;
    } finally {
      opened.lease.dispose();
    }
  }

  /** Deletes a whole thread, in every window; a reply running there is stopped first. */
  async deleteThread(threadId: string): Promise<IntentResult> {
    this.runner.stop(threadId, 'The thread was deleted');
    await this.runner.whenIdle(threadId);
    await this.store.deleteThread(threadId);
    return OK;
  }

  /** Deactivation: every reply in flight ends `cancelled` with its text, then everything pending is written. */
  async shutdown(): Promise<void> {
    await this.runner.stopAll();
    await this.store.flush();
  }
}

/** The most characters a title the user gives a thread may have. */
export const MAX_TITLE_CHARS = 200;
