import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import type { TurnPlan } from '../transcript/plan';
import type { Message } from '../transcript/schema';
import type { Position } from '../transcript/synthesisReading';

// Discuss disputes over random rounds (each seat's position and argument, the chair's marks): the rounds always end,
// within roundtable.council.maxDisputeRounds, by the first rule that holds; a position is marked "changed without a
// reason" exactly when it changed and its argument did not.

afterEach(disposeAll);

const SEATS = ['claude', 'gpt', 'gemini'] as const;
type Seat = (typeof SEATS)[number];
const MODELS: Record<string, Seat> = { [claude.model]: 'claude', [gpt.model]: 'gpt', [gemini.model]: 'gemini' };
/** An argument's words: the same argument whatever its case, spacing or punctuation. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const fence = (info: string, json: unknown) => `\`\`\`${info}\n${JSON.stringify(json)}\n\`\`\``;

const take = fc.record({
  position: fc.constantFrom<Position>('supported', 'disputed'),
  argument: fc.constantFrom('', 'a', 'b', 'B.'),
});
const roundArb = fc.record({
  taken: fc.record({ claude: take, gpt: take, gemini: take }),
  chair: fc.record({
    claude: fc.constantFrom<Position>('supported', 'disputed'),
    gpt: fc.constantFrom<Position>('supported', 'disputed'),
    gemini: fc.constantFrom<Position>('supported', 'disputed'),
  }),
});

describe('Discuss disputes, over random rounds', () => {
  test('the rounds end within the cap, by the rule that holds; "without a reason" is marked exactly when due', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(roundArb, { minLength: 4, maxLength: 4 }),
        async (cap, rounds) => {
          const s = setup({ participants: [claude, gpt, gemini] });
          try {
            s.orchestrator.table.update({ ...s.orchestrator.table.settings, maxDisputeRounds: cap });
            const t = await s.openThread();
            s.orchestrator.setMode(t, 'council');
            await s.orchestrator.send(t, '@all is it safe?');
            for (const i of [0, 1, 2]) await s.chat.reply(i, `answer ${i}`);
            for (const i of [3, 4, 5]) await s.chat.reply(i, 'Verdict: fine');
            await s.chat.call(6);
            const council = s.orchestrator.store.transcript(t)?.plans?.at(-1) as TurnPlan;
            const letter = (seat: Seat) => council.letters?.[seat] as string;
            const ledger = (marks: Record<Seat, Position>) =>
              fence('ledger', {
                claims: [
                  { claim: 'It is safe', ...Object.fromEntries(SEATS.map((seat) => [letter(seat), marks[seat]])) },
                ],
              });
            await s.chat.reply(6, `Safe.\n\n${ledger({ claude: 'supported', gpt: 'supported', gemini: 'disputed' })}`);
            await s.idle(t);
            const synthesis = s.messages(t).find((m) => m.step?.index === 2) as Message;
            expect(await s.orchestrator.discussDisputes(t, synthesis.id)).toEqual({ ok: true });

            // The model: where each seat stood, and what the rules say after each round.
            let standing: Record<Seat, { position: Position; argument: string }> = {
              claude: { position: 'supported', argument: '' },
              gpt: { position: 'supported', argument: '' },
              gemini: { position: 'disputed', argument: '' },
            };
            const expected: { changed: boolean; withoutReason: boolean }[][] = [];
            const changedIn: boolean[] = [];
            let next = 7;
            let ran = 0;
            for (const { taken, chair } of rounds) {
              if (!s.orchestrator.runner.isBusy(t)) break;
              ran += 1;
              const calls = await Promise.all([0, 1, 2].map((i) => s.chat.call(next + i)));
              const marks: { changed: boolean; withoutReason: boolean }[] = [];
              for (const call of calls) {
                const seat = MODELS[call.model] as Seat;
                const { position, argument } = taken[seat];
                call.emit({
                  type: 'delta',
                  text: fence('positions', { positions: [{ claim: 1, position, argument }] }),
                });
                call.emit({ type: 'finish', reason: 'stop' });
                call.end();
              }
              for (const seat of SEATS) {
                const changed = taken[seat].position !== standing[seat].position;
                marks.push({
                  changed,
                  withoutReason: changed && words(taken[seat].argument) === words(standing[seat].argument),
                });
              }
              expected.push(marks);
              changedIn.push(marks.some((m) => m.changed));
              standing = { ...taken };
              await s.chat.reply(next + 3, `Updated.\n\n${ledger(chair)}`);
              next += 4;
              // Either the rounds stopped, or the next one has started.
              await vi.waitFor(() => expect(!s.orchestrator.runner.isBusy(t) || s.chat.calls.length > next).toBe(true));
              const disputed = Object.values(chair).includes('supported') && Object.values(chair).includes('disputed');
              const stalled = ran >= 2 && !changedIn[ran - 1] && !changedIn[ran - 2];
              const goesOn = disputed && ran < cap && !stalled;
              expect(s.orchestrator.runner.isBusy(t), `round ${ran}`).toBe(goesOn);
              if (!goesOn) break;
            }
            await s.idle(t);
            const disputes = s.orchestrator.store.transcript(t)?.plans?.filter((p) => p.kind === 'disputes') ?? [];
            expect(disputes.length).toBeLessThanOrEqual(cap);
            expect(disputes).toHaveLength(ran);
            for (const [i, plan] of disputes.entries()) {
              for (const [j, seat] of SEATS.entries()) {
                const reading = s
                  .messages(t)
                  .find((m) => m.step?.plan === plan.id && m.step.index === 0 && m.speaker === seat)?.positions
                  ?.claims?.[0];
                expect(reading?.changed === true, `round ${i + 1} ${seat} changed`).toBe(expected[i]?.[j]?.changed);
                expect(reading?.withoutReason === true, `round ${i + 1} ${seat} without reason`).toBe(
                  expected[i]?.[j]?.withoutReason,
                );
              }
            }
          } finally {
            disposeAll();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
