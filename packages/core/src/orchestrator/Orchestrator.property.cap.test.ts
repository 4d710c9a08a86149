// The orchestrator's property test, step by step: what the cap on "another round" bounds, and what it does not.
import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll } from '../../test/support/orchestratorSetup';
import { play, Steering } from '../../test/support/orchestratorSteering';
import { MAX_ROUNDS, type Tally } from '../../test/support/orchestratorSteeringModel';
import type { Mention, SteeringOp } from '../../test/support/steering';
import { discussionOf } from './rounds';

ensureNoDisposablesAreLeaked();

/*
 * The real Orchestrator, steered at random (send, stop, continue, retry, regenerate-as, another round, delete, and
 * the model answering, failing or stopping half-way), with these checked after every op once it has settled:
 * - each intent is accepted exactly when a small model says it must be, and a refused one changes nothing;
 * - seq is the position, ids are unique, and no message ever moves or goes away;
 * - one reply streams exactly while a turn runs; each turn asks its responders in order, and a stopped one leaves
 *   exactly the rest as skipped; every request is sent the whole labelled conversation before its reply's place;
 * - an alternative names an earlier reply that is not itself one;
 * - an ended message never changes again, except by a retry of it (attempt + 1) or its deletion (a tombstone), and
 *   each ended run holds exactly the text its request sent;
 * - the persistable copy always parses, and once idle it is exactly what is stored;
 * - the cap: "another round" is accepted only while the discussion since the last user message has fewer than
 *   maxRounds rounds (as `discussionOf` counts them) and refused at or past it, and the turn it starts adds at most
 *   one reply per participant, so it never takes the round past maxRounds. "Regenerate as" adds an alternative,
 *   which `discussionOf` counts for its speaker, so it may take the count past the cap (by design: it is a second
 *   answer, not a round); replies that are not alternatives never pass maxRounds per participant.
 */

afterEach(disposeAll);

describe('what the cap bounds, step by step', () => {
  const send = (...mentions: Mention[]): SteeringOp => ({ kind: 'send', mentions, word: 'why?' });
  const replyAll: SteeringOp = { kind: 'model', step: 'replyAll' };
  const anotherRound: SteeringOp = { kind: 'anotherRound' };

  test('"another round" runs up to maxRounds and is refused there; a new message starts a new discussion', async () => {
    const tally: Tally = { rounds: 0, refusedAtCap: 0 };
    const steering = await new Steering(tally).openThread();
    const round = () => discussionOf(steering.messages())?.round;
    await play(steering, [send('@all'), replyAll, anotherRound, replyAll, anotherRound]);
    expect(round()).toBe(MAX_ROUNDS);
    expect(tally).toEqual({ rounds: 1, refusedAtCap: 1 });
    await play(steering, [send('@gpt', '@claude'), replyAll, anotherRound, replyAll, anotherRound]);
    expect(round()).toBe(MAX_ROUNDS);
    expect(tally).toEqual({ rounds: 2, refusedAtCap: 2 });
  });

  test('"Regenerate as" adds a reply beside another, not a round: the count stays at the cap, and "another round" stays refused', async () => {
    const tally: Tally = { rounds: 0, refusedAtCap: 0 };
    const steering = await new Steering(tally).openThread();
    await play(steering, [send('@all'), replyAll, anotherRound, replyAll]);
    // GPT answers again what Claude said in the second round (the fourth reply): its third reply here.
    const claudeSecond = steering.messages().filter((m) => m.role === 'assistant')[3];
    expect(claudeSecond?.speaker).toBe('claude');
    await play(steering, [{ kind: 'regenerateAs', pick: { among: 'replies', index: 3 }, as: 'gpt' }, replyAll]);
    expect(steering.messages().at(-1)).toMatchObject({ speaker: 'gpt', alternativeOf: claudeSecond?.id });
    expect(discussionOf(steering.messages())).toMatchObject({ speakers: ['claude', 'gpt', 'gemini'], round: 2 });
    await play(steering, [anotherRound]);
    expect(tally).toEqual({ rounds: 1, refusedAtCap: 1 });
  });
});
