import fc from 'fast-check';
import type { ParticipantConfig } from '../../src/participants/participant';
import { conversationOrder } from '../../src/transcript/conversationOrder';
import type { Message } from '../../src/transcript/schema';

/*
 * Random steering of one thread, for the orchestrator's property test: the user's intents, and the model's side of
 * the oldest request still open (a whole reply, a piece of one, a failure), interleaved at random.
 */

export const SEATS = ['claude', 'gpt', 'gemini'] as const;
export const MENTIONS = ['@claude', '@gpt', '@gemini', '@all', '@bob'] as const;
export type Mention = (typeof MENTIONS)[number];

/**
 * Which message an op names: the `index`-th (wrapping) of the replies, of the replies that failed or were stopped,
 * or of all messages (so user messages are named too, and refused where they must be).
 */
export interface Pick {
  among: 'replies' | 'failed' | 'all';
  index: number;
}

/**
 * The model's side, on the oldest open request: `reply` emits text and finishes; `partial` emits text only; `fail`
 * sends an error event; `cut` emits text and ends without a finish. `replyAll` answers every request, one after
 * another, until the turn is over (the models simply answer).
 */
export type ModelStep = 'reply' | 'partial' | 'fail' | 'cut' | 'replyAll';

export type SteeringOp =
  | { kind: 'send'; mentions: Mention[]; word: string }
  | { kind: 'stop' }
  | { kind: 'continueSkipped' }
  | { kind: 'anotherRound' }
  | { kind: 'retry'; pick: Pick }
  | { kind: 'regenerateAs'; pick: Pick; as: string }
  | { kind: 'deleteMessage'; pick: Pick }
  | { kind: 'model'; step: ModelStep }
  /** Time passes: batched text is delivered and due saves run. */
  | { kind: 'tick'; ms: number };

const pick: fc.Arbitrary<Pick> = fc.record({
  among: fc.constantFrom<Pick['among']>('replies', 'replies', 'failed', 'failed', 'all'),
  index: fc.nat(40),
});

/** Mentions for a sent text: mostly the interesting shapes (everyone, two, one, only an unknown name), or any. */
const mentions: fc.Arbitrary<Mention[]> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<Mention[]>(['@all'], ['@all'], ['@gpt', '@claude'], ['@all', '@bob']) },
  { weight: 1, arbitrary: fc.constantFrom<Mention[]>([], ['@gemini'], ['@bob'], ['@bob', '@gemini']) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...MENTIONS), { maxLength: 3 }) },
);

/** How often each kind of op comes up, relative to the others; 0 leaves it out. */
export type OpWeights = Record<
  | 'send'
  | 'reply'
  | 'replyAll'
  | 'otherModelStep'
  | 'stop'
  | 'continueSkipped'
  | 'anotherRound'
  | 'retry'
  | 'regenerateAs'
  | 'deleteMessage'
  | 'tick',
  number
>;

/** Every op, each often enough that turns get answered and interrupted. */
export const EVERYTHING: OpWeights = {
  send: 3,
  reply: 6,
  replyAll: 4,
  otherModelStep: 4,
  stop: 2,
  continueSkipped: 2,
  anotherRound: 4,
  retry: 2,
  regenerateAs: 2,
  deleteMessage: 2,
  tick: 1,
};

export function steeringOps(maxLength: number, weights: OpWeights = EVERYTHING): fc.Arbitrary<SteeringOp[]> {
  const arbitraries: Record<keyof OpWeights, fc.Arbitrary<SteeringOp>> = {
    send: fc.record({
      kind: fc.constant('send' as const),
      mentions,
      word: fc.constantFrom('why?', 'go on', 'compare'),
    }),
    reply: fc.constant({ kind: 'model', step: 'reply' } as const),
    replyAll: fc.constant({ kind: 'model', step: 'replyAll' } as const),
    otherModelStep: fc.record({
      kind: fc.constant('model' as const),
      step: fc.constantFrom<ModelStep>('partial', 'partial', 'fail', 'cut'),
    }),
    stop: fc.constant({ kind: 'stop' } as const),
    continueSkipped: fc.constant({ kind: 'continueSkipped' } as const),
    anotherRound: fc.constant({ kind: 'anotherRound' } as const),
    retry: fc.record({ kind: fc.constant('retry' as const), pick }),
    regenerateAs: fc.record({
      kind: fc.constant('regenerateAs' as const),
      pick,
      as: fc.constantFrom<string>(...SEATS, 'bob'),
    }),
    deleteMessage: fc.record({ kind: fc.constant('deleteMessage' as const), pick }),
    tick: fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(50, 600, 2500) }),
  };
  const kinds = (Object.keys(arbitraries) as (keyof OpWeights)[]).filter((k) => weights[k] > 0);
  const op = fc.oneof(...kinds.map((k) => ({ weight: weights[k], arbitrary: arbitraries[k] })));
  return fc.array(op, { minLength: 1, maxLength, size: 'max' });
}

/** The id an op names in these messages; a made-up one when there is nothing to name. */
export function pickId(messages: readonly Message[], p: Pick): string {
  const pool =
    p.among === 'all'
      ? messages
      : messages.filter(
          (m) => m.role === 'assistant' && (p.among === 'replies' || m.status === 'error' || m.status === 'cancelled'),
        );
  return pool[p.index % Math.max(1, pool.length)]?.id ?? 'no-such-message';
}

/** Who a sent text should reach, as the router's rules say, given who the thread is speaking to. */
export function expectedTargets(mentions: readonly Mention[], speakingTo: string): string[] | 'refused' {
  if (mentions.includes('@all')) return [...SEATS];
  const named = [...new Set(mentions)].filter((m) => m !== '@bob').map((m) => m.slice(1));
  if (named.length > 0) return named;
  return mentions.length > 0 ? 'refused' : [speakingTo];
}

/**
 * What every reply must be sent after the main system message (an oracle written out for this table, which has no
 * notes, context or budget drops): the conversation before the reply's place (before its original's, for an
 * alternative), tombstones and empty messages left out, the speaker's own replies as `assistant` and everyone
 * else's labelled.
 */
export function sharedPrompt(
  messages: readonly Message[],
  reply: Message,
  participants: readonly ParticipantConfig[],
): { role: string; content: string }[] {
  const order = conversationOrder(messages);
  const end = order.findIndex((m) => m.id === (reply.alternativeOf ?? reply.id));
  return order
    .slice(0, end)
    .filter((m) => m.status !== 'deleted' && m.status !== 'streaming' && m.content.trim() !== '')
    .map((m) => {
      if (m.role === 'user') return { role: 'user', content: `[User] ${m.content}` };
      if (m.speaker === reply.speaker) return { role: 'assistant', content: m.content };
      const name = participants.find((p) => p.id === m.speaker)?.displayName;
      return { role: 'user', content: `[${name}]: ${m.content}` };
    });
}

/** Resolves once every microtask has run: nothing in the harness waits on a real timer or real I/O. */
export function drainMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
