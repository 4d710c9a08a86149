import { discussionOf } from '../orchestrator/rounds';
import type { TurnProgress } from '../orchestrator/TurnProgress';
import { unfinishedPlan } from '../orchestrator/unfinishedPlan';
import type {
  MessagePatchPayload,
  PendingContext,
  PendingImage,
  SaveProblem,
  ThreadListEntry,
  TurnView,
  ViewMessage,
  ViewState,
} from '../protocol/messages';
import type { MessagePatch } from '../store/messagePatch';
import type { UnreadableThread } from '../store/ports';
import type { SaveProblem as StoreSaveProblem, ThreadStore } from '../store/ThreadStore';
import { conversationOrder } from '../transcript/conversationOrder';
import type { Message, ThreadSummary } from '../transcript/schema';
import type { ChatViewDeps } from './viewPorts';

/** Pure translations from the store's shapes to the protocol's. */

export function toViewMessage(m: Message): ViewMessage {
  const { seq: _seq, ...rest } = m;
  return rest;
}

export function toPatchPayload(messageId: string, patch: MessagePatch): MessagePatchPayload {
  return { messageId, ...patch };
}

export function summaryEntry(summary: ThreadSummary, busy: boolean): ThreadListEntry {
  return {
    id: summary.id,
    title: summary.title,
    updatedAt: summary.updatedAt,
    messageCount: summary.messageCount,
    busy,
  };
}

/** An unreadable file's list entry: its file name stands in for id and title; it sorts last (epoch time). */
export function unreadableEntry(u: UnreadableThread): ThreadListEntry {
  return {
    id: u.key,
    title: u.key,
    updatedAt: new Date(0).toISOString(),
    messageCount: 0,
    busy: false,
    unreadable: u.setAside ? `${u.reason} It was renamed ${u.key} and kept.` : u.reason,
  };
}

/** How the list of unreadable files changed: the keys gone, and the entries new or different. */
export function unreadableChanges(
  previous: ReadonlyMap<string, UnreadableThread>,
  now: readonly UnreadableThread[],
): { next: Map<string, UnreadableThread>; removed: string[]; changed: ThreadListEntry[] } {
  const next = new Map(now.map((u) => [u.key, u]));
  const removed = [...previous.keys()].filter((key) => !next.has(key));
  const changed = [...next.values()]
    .filter((u) => JSON.stringify(previous.get(u.key)) !== JSON.stringify(u))
    .map(unreadableEntry);
  return { next, removed, changed };
}

/** The whole thread list, or its first `limit` threads: threads newest first, then the unreadable files. */
export function listEntries(
  store: ThreadStore,
  isBusy: (threadId: string) => boolean,
  limit = Number.POSITIVE_INFINITY,
): ThreadListEntry[] {
  return [
    ...store.catalog
      .list()
      .slice(0, limit)
      .map((s) => summaryEntry(s, isBusy(s.id))),
    ...store.catalog.unreadable().map(unreadableEntry),
  ];
}

function progressView(progress: TurnProgress): TurnView | undefined {
  if (progress.state === 'stopped') return { state: 'stopped', step: progress.step, skipped: [...progress.skipped] };
  if (progress.responders.length === 0) return undefined;
  return { ...progress, responders: [...progress.responders], answering: [...progress.answering] };
}

/**
 * What a view shows of a thread's turn: the runner's progress while it runs or after a Stop; a plan left unfinished
 * (stopped before a reload, found from the thread itself); otherwise, once several participants have answered the
 * last message, the round that discussion is in (counted from the transcript, so it is the same after a reload), and
 * the vote its Council ended at, if it did (`TurnRunner.agreedVote`).
 */
export function turnView(deps: ChatViewDeps, threadId: string): TurnView | undefined {
  const { runner, store, table } = deps.orchestrator;
  const progress = runner.progressOf(threadId);
  if (progress) return progressView(progress);
  const transcript = runner.isBusy(threadId) ? undefined : store.transcript(threadId);
  if (!transcript) return undefined;
  const open = unfinishedPlan(transcript, runner, table);
  const stoppedIn = open?.plan.steps[open.from];
  if (open && stoppedIn) {
    return { state: 'stopped', step: stoppedIn.kind, skipped: open.seats, ...(open.cutOff ? { cutOff: true } : {}) };
  }
  const discussion = discussionOf(transcript.messages, transcript.plans);
  if (!discussion || discussion.speakers.length < 2) return undefined;
  const { speakers, round, mode } = discussion;
  const agreed = runner.agreedVote(threadId);
  return {
    state: 'answered',
    speakers,
    round,
    mode,
    maxRounds: table.settings.maxRounds,
    ...(agreed ? { agreed } : {}),
  };
}

export function saveProblemsView(store: ThreadStore, problems: readonly StoreSaveProblem[]): SaveProblem[] {
  return problems.map((p) => ({ ...p, title: store.summary(p.threadId)?.title ?? p.threadId }));
}

/** Everything a view shows of `threadId` (loaded in the store) and of the table, the proxy and the store. */
export function viewStateOf(
  deps: ChatViewDeps,
  threadId: string,
  context: readonly PendingContext[] = [],
  images: readonly PendingImage[] = [],
): ViewState {
  const { store, runner } = deps.orchestrator;
  const snapshot = store.snapshot(threadId);
  if (!snapshot) throw new Error(`thread ${threadId} is not loaded`);
  const turn = turnView(deps, threadId);
  return {
    thread: {
      id: threadId,
      title: snapshot.summary.title,
      createdAt: snapshot.createdAt,
      updatedAt: snapshot.summary.updatedAt,
      busy: runner.isBusy(threadId),
      messages: conversationOrder(snapshot.messages).map(toViewMessage),
      mode: store.choices(threadId)?.mode ?? 'discuss',
      plans: snapshot.plans,
    },
    ...surroundings(deps, threadId, context, images),
    ...(turn ? { turn } : {}),
  };
}

/**
 * What a view shows of `threadId` while it is being read (not loaded yet): its shell, the title and time it is
 * listed with (a new thread's own), no messages and `opening`; the rest as in a full state. The full state follows
 * once the thread is loaded.
 */
export function openingStateOf(
  deps: ChatViewDeps,
  threadId: string,
  context: readonly PendingContext[] = [],
  images: readonly PendingImage[] = [],
): ViewState {
  const { title, updatedAt } = deps.orchestrator.store.shellOf(threadId);
  return {
    thread: {
      id: threadId,
      title,
      createdAt: updatedAt,
      updatedAt,
      busy: false,
      messages: [],
      mode: 'discuss',
      plans: [],
      opening: true,
    },
    ...surroundings(deps, threadId, context, images),
  };
}

/** The parts of a full state that are not the thread: the table, the proxy, the store's problems, the composer. */
function surroundings(
  deps: ChatViewDeps,
  threadId: string,
  context: readonly PendingContext[],
  images: readonly PendingImage[],
): Omit<ViewState, 'thread' | 'turn'> {
  const { store, table } = deps.orchestrator;
  return {
    participants: table.participants,
    groups: table.settings.groups,
    defaultTarget: deps.orchestrator.speakingTo(threadId),
    sidecar: deps.sidecar.current,
    ...(deps.seats ? { seats: deps.seats.current } : {}),
    saveProblems: saveProblemsView(store, store.catalog.saveProblems()),
    ...(deps.terms ? { termsNotice: deps.terms.current } : {}),
    ...(context.length > 0 ? { context: [...context] } : {}),
    ...(images.length > 0 ? { images: [...images] } : {}),
  };
}

/**
 * Where a message joins the list the view shows (the conversation's order): its store index, unless the thread holds
 * alternatives, which move replies out of the store's order. O(n) only then.
 */
export function shownIndex(messages: readonly Message[], messageId: string, storeIndex: number): number {
  if (!messages.some((m) => m.alternativeOf !== undefined)) return storeIndex;
  return conversationOrder(messages).findIndex((m) => m.id === messageId);
}
