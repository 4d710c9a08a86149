import type { IDisposable } from '../base/lifecycle';
import type { Clock, IdGenerator, Logger } from '../ports';
import type { TurnPlan } from '../transcript/plan';
import type { Message, ThreadSummary } from '../transcript/schema';
import type { LeaseOwner } from '../transcript/turnLease';
import type { ThreadChoices } from './documentChange';
import type { MessagePatch } from './messagePatch';
import type { ThreadRepository, UnreadableThread } from './ports';
import type { SaveTiming } from './saveScheduler';

/** A thread that could not be written: shown until a write succeeds. Nothing in memory is dropped meanwhile. */
export interface SaveProblem {
  threadId: string;
  reason: string;
}

/** Everything the store tells its listeners, one small change at a time. */
export type ThreadChange =
  | { kind: 'messageAdded'; threadId: string; message: Message; index: number }
  | { kind: 'messageChanged'; threadId: string; message: Message; patch: MessagePatch }
  /** The thread's title, "speaking to" or discussion mode changed (here or merged in from another window). */
  | { kind: 'choicesChanged'; threadId: string; choices: ThreadChoices }
  /** A turn's plan joined the thread (made here, or merged in): it comes before any reply that names it. */
  | { kind: 'planAdded'; threadId: string; plan: TurnPlan }
  | { kind: 'summaryChanged'; threadId: string; summary: ThreadSummary }
  | { kind: 'threadRemoved'; threadId: string; reason: string }
  | { kind: 'unreadableChanged'; unreadable: readonly UnreadableThread[] }
  /** The rest of the stored list is known now (it was read after the newest threads): re-read `catalog.list()`. */
  | { kind: 'listFilled' }
  | { kind: 'saveProblemChanged'; threadId: string; problem: SaveProblem | undefined };

/** Keeps a loaded thread in memory until disposed. */
export interface ThreadLease extends IDisposable {
  readonly threadId: string;
}

export type OpenResult = { ok: true; lease: ThreadLease } | { ok: false; reason: string };

/** A thread's messages, plans and summary, for a full state. */
export interface ThreadSnapshot {
  summary: ThreadSummary;
  createdAt: string;
  messages: Message[];
  plans: TurnPlan[];
}

export interface ThreadStoreDeps {
  repository: ThreadRepository;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  timing?: SaveTiming;
  /**
   * This window as its turns' leases name it, and how it tells whether another window's process lives (the host's:
   * its process id and machine). Without it, a random owner that can tell no process, so only time makes a lease
   * stale.
   */
  leaseOwner?: LeaseOwner;
}
