import { afterEach, describe, expect, test } from 'vitest';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { compareStrategies } from '../council/strategies';
import type { Message } from '../transcript/schema';

// What each strategy would have answered, read from a Council already run: each seat alone, the vote, the synthesis,
// and after its dispute rounds; each with its tokens (estimated here: the scripted model reports none).

afterEach(disposeAll);

async function splitCouncil() {
  const s = setup({ participants: [claude, gpt, gemini] });
  s.orchestrator.table.update({ ...s.orchestrator.table.settings, maxDisputeRounds: 1 });
  const t = await s.openThread();
  s.orchestrator.setMode(t, 'council');
  await s.orchestrator.send(t, '@all what is 6 times 7?');
  await s.chat.reply(0, 'Six sevens.\n\nAnswer: 42');
  await s.chat.reply(1, 'Answer: 42');
  await s.chat.reply(2, 'Hmm.\n\nAnswer: 41');
  for (const i of [3, 4, 5]) await s.chat.reply(i, 'Verdict: fine');
  await s.chat.reply(6, 'It is 42.\n\nAnswer: 42');
  await s.idle(t);
  const synthesis = s.messages(t).find((m) => m.step?.index === 2) as Message;
  const thread = () => ({ messages: s.messages(t), plans: s.orchestrator.store.transcript(t)?.plans ?? [] });
  return { ...s, t, synthesis, thread };
}

describe('compareStrategies', () => {
  test('each seat alone, the vote and the synthesis, with what each cost', async () => {
    const { synthesis, thread, messages, t } = await splitCouncil();
    const rows = compareStrategies(synthesis, thread()) ?? [];
    expect(rows.map((r) => [r.kind, r.seat, r.answer, r.votes])).toEqual([
      ['seat', 'claude', '42', undefined],
      ['seat', 'gpt', '42', undefined],
      ['seat', 'gemini', '41', undefined],
      ['vote', undefined, '42', { for: 2, of: 3 }],
      ['synthesis', undefined, '42', undefined],
    ]);
    const answers = messages(t).filter((m) => m.step?.index === 0);
    const out = (m: Message) => m.usage?.outputTokens ?? 0;
    expect(rows[0]?.spend.outputTokens).toBe(out(answers.find((m) => m.speaker === 'claude') as Message));
    expect(rows[3]?.spend.outputTokens).toBe(answers.reduce((n, m) => n + out(m), 0));
    // The synthesis cost the whole council: answers, reviews and the chair.
    const all = messages(t).filter((m) => m.role === 'assistant');
    expect(rows[4]?.spend.outputTokens).toBe(all.reduce((n, m) => n + out(m), 0));
    expect(rows.every((r) => r.spend.estimated)).toBe(true);
  });

  test('adds the answer after the dispute rounds, with their cost on top', async () => {
    const s = await splitCouncil();
    expect(await s.orchestrator.discussDisputes(s.t, s.synthesis.id)).toEqual({ ok: true });
    for (const i of [7, 8, 9]) {
      await s.chat.reply(
        i,
        `I hold it now.\n\nAnswer: 42\n\n\`\`\`positions\n{"positions": [{"claim": 1, "position": "supported", "argument": "checked"}]}\n\`\`\``,
      );
    }
    await s.chat.reply(10, 'Still 42.\n\nAnswer: 42');
    await s.idle(s.t);
    const rows = compareStrategies(s.synthesis, s.thread()) ?? [];
    const disputes = rows.at(-1);
    expect(disputes).toMatchObject({ kind: 'disputes', answer: '42', rounds: 1 });
    expect(disputes?.spend.outputTokens).toBeGreaterThan(rows[4]?.spend.outputTokens ?? 0);
  });

  test('a question with no short answer has nothing to compare', async () => {
    const s = setup({ participants: [claude, gpt] });
    const t = await s.openThread();
    s.orchestrator.setMode(t, 'council');
    await s.orchestrator.send(t, '@all how should I name this?');
    for (const i of [0, 1]) await s.chat.reply(i, 'It depends on the codebase.');
    for (const i of [2, 3]) await s.chat.reply(i, 'Verdict: fine');
    await s.chat.reply(4, 'Name it for what it does.');
    await s.idle(t);
    const synthesis = s.messages(t).find((m) => m.step?.index === 2) as Message;
    expect(
      compareStrategies(synthesis, { messages: s.messages(t), plans: s.orchestrator.store.transcript(t)?.plans ?? [] }),
    ).toBeUndefined();
  });
});
