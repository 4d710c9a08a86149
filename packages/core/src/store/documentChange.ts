import type { DiscussionMode, TurnPlan } from '../transcript/plan';
import type { Message } from '../transcript/schema';
import type { MessagePatch } from './messagePatch';

/**
 * The thread-level choices a view shows: its title, who answers a message that names nobody, and how several seats
 * take a message (Discuss when never chosen).
 */
export interface ThreadChoices {
  title: string;
  speakingTo: string | undefined;
  mode: DiscussionMode;
}

/** What one document change did, in the order a replica must apply it. */
export type DocumentChange =
  | { kind: 'messageAdded'; message: Message; index: number }
  | { kind: 'messageChanged'; message: Message; patch: MessagePatch }
  | { kind: 'choicesChanged'; choices: ThreadChoices }
  /** A turn's plan, made here or merged in; it comes before any reply of it. */
  | { kind: 'planAdded'; plan: TurnPlan };
