import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup } from '../../test/support/orchestratorSetup';
import type { ParticipantConfig } from '../participants/participant';
import type { SeatMap } from '../protocol/proxyStatus';
import type { TurnCost } from '../protocol/turnCost';
import type { DiscussionMode } from '../transcript/plan';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from './settings';
import { estimateDraft } from './turnCost';

// The cost said before a message is sent is the cost the engine then makes, counted at the model: over random tables
// (seats enabled, muted, absent), modes, groups, responder caps, round counts and ways of addressing, the requests the
// send makes are the count's `requests` (or its `fewest`, when a Council's answers all agree and it ends at the vote),
// and a Discuss taken through every Another round it allows makes its `most`.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const IDS = ['a', 'b', 'c', 'd', 'e'];

interface Table {
  seats: { enabled: boolean; muted: boolean; absent: boolean }[];
  mode: DiscussionMode;
  to: '' | '@all' | 'pair' | '@group' | 'first';
  groupMode: DiscussionMode | undefined;
  cap: number;
  maxRounds: number;
  skip: boolean;
  agree: boolean;
}

const table: fc.Arbitrary<Table> = fc.record({
  // Most seats can answer: a table of seats that cannot would test the refusals alone.
  seats: fc.array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constant({ enabled: true, muted: false, absent: false }) },
      fc.record({ enabled: fc.boolean(), muted: fc.boolean(), absent: fc.boolean() }),
    ),
    { minLength: 2, maxLength: 5 },
  ),
  mode: fc.constantFrom('discuss', 'independent', 'council'),
  to: fc.constantFrom('', '@all', 'pair', '@group', 'first'),
  groupMode: fc.option(fc.constantFrom('discuss', 'independent', 'council'), { nil: undefined }),
  cap: fc.integer({ min: 1, max: 6 }),
  maxRounds: fc.integer({ min: 1, max: 3 }),
  skip: fc.boolean(),
  agree: fc.boolean(),
});

function participantsOf(t: Table): ParticipantConfig[] {
  return t.seats.map((s, i) => ({
    id: IDS[i] as string,
    displayName: (IDS[i] as string).toUpperCase(),
    color: '#888888',
    model: `model-${IDS[i]}`,
    enabled: s.enabled,
    ...(s.muted ? { muted: true } : {}),
  }));
}

function textOf(t: Table, n: number): string {
  const ids = IDS.slice(0, n);
  if (t.to === '@all') return '@all what is six times seven?';
  if (t.to === 'pair') return `@${ids[n - 1]} @${ids[0]} what is six times seven?`;
  if (t.to === '@group') return '@group what is six times seven?';
  if (t.to === 'first') return `@${ids[0]} what is six times seven?`;
  return 'what is six times seven?';
}

/** Sends the table's message; every request is answered at once. Returns the count said before and the requests. */
async function run(
  t: Table,
): Promise<{ cost: TurnCost | undefined; sent: boolean; made: number; afterRounds: number }> {
  const participants = participantsOf(t);
  const absent: SeatMap = Object.fromEntries(
    participants.filter((_, i) => t.seats[i]?.absent).map((p) => [p.id, { kind: 'needs-login', provider: 'X' }]),
  );
  const s = setup({ participants, seats: () => absent });
  s.orchestrator.table.update({
    ...DEFAULT_ORCHESTRATOR_SETTINGS,
    participants,
    maxRespondersPerTurn: t.cap,
    maxRounds: t.maxRounds,
    skipWhenUnanimous: t.skip,
    groups: [
      {
        id: 'group',
        displayName: '@group',
        members: IDS.slice(1, participants.length),
        ...(t.groupMode ? { mode: t.groupMode } : {}),
      },
    ],
  });
  const thread = await s.openThread();
  s.orchestrator.setMode(thread, t.mode);
  // Each request answered at once: an answer states 42 (or, when the seats disagree, its own model's name).
  s.chat.onCall = (i) => {
    const call = s.chat.calls[i];
    void s.chat.reply(i, t.agree ? 'Six sevens.\n\nAnswer: 42' : `Answer: ${call?.model}`);
  };
  const text = textOf(t, participants.length);
  const cost = estimateDraft(s.orchestrator, thread, text, false);
  const sent = (await s.orchestrator.send(thread, text)).ok;
  await s.idle(thread);
  const made = s.chat.calls.length;
  for (let round = 0; round < 5 && (await s.orchestrator.anotherRound(thread)).ok; round++) await s.idle(thread);
  return { cost, sent, made, afterRounds: s.chat.calls.length };
}

describe('the cost said before sending is what the send then asks', () => {
  test('over random tables, modes, groups, caps and rounds', async () => {
    await fc.assert(
      fc.asyncProperty(table, async (t) => {
        const { cost, sent, made, afterRounds } = await run(t);
        expect(cost).toBeDefined();
        if (!cost || cost.kind === 'refused') {
          expect(sent).toBe(false);
          expect(made).toBe(0);
          return;
        }
        expect(sent).toBe(true);
        const endsAtVote = cost.fewest !== undefined && t.agree;
        expect(made).toBe(endsAtVote ? cost.fewest : cost.requests);
        if (cost.mode === 'discuss') expect(afterRounds).toBe(cost.most ?? cost.requests);
        expect(cost.seats.length).toBeLessThanOrEqual(t.cap);
        disposeAll();
      }),
      { numRuns: 60 },
    );
    // Each run is a whole turn, its rounds included: sixty of them take seconds on a busy machine.
  }, 120_000);
});
