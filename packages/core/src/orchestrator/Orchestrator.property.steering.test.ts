// The orchestrator's property test: random op sequences, every invariant checked after each op.
import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll } from '../../test/support/orchestratorSetup';
import { steer } from '../../test/support/orchestratorSteering';
import { EVERYTHING, type OpWeights } from '../../test/support/steering';

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

/** Discussions: mostly replies answered in full, and "another round" asked for often. */
const ROUNDS: OpWeights = {
  ...EVERYTHING,
  send: 3,
  reply: 2,
  replyAll: 8,
  otherModelStep: 1,
  stop: 1,
  continueSkipped: 1,
  anotherRound: 8,
  retry: 1,
  regenerateAs: 2,
  deleteMessage: 1,
  tick: 0,
};

describe('the orchestrator under random steering', () => {
  test('keeps the transcript invariants through any sequence of intents and model events', async () => {
    await steer(EVERYTHING, 100);
  }, 30_000);

  test('"another round" is refused once a discussion has maxRounds rounds, and a round never passes it', async () => {
    const tally = await steer(ROUNDS, 100);
    // The property is only worth something if the cap was reached: both outcomes came up.
    expect(tally.rounds).toBeGreaterThan(0);
    expect(tally.refusedAtCap).toBeGreaterThan(0);
  }, 30_000);
});
