import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { pendingWork } from '../council/pending';
import { endedAtVote } from '../council/unanimous';
import { exportMarkdown } from '../threads/exportMarkdown';
import { Orchestrator } from './Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS, type OrchestratorSettings } from './settings';
import { unfinishedPlan } from './unfinishedPlan';

// A Council that stops when the table agrees: three seats stating the same short answer end it at the vote (no review,
// no synthesis asked), Review anyway runs the rest, and anything short of a unanimous short answer runs the whole plan.

const own = ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const LINE = 'All 3 agree: 42. Reviews and synthesis skipped (4 requests saved)';

async function council(answers: readonly string[], settings: Partial<OrchestratorSettings> = {}) {
  const s = setup({ participants: [claude, gpt, gemini] });
  s.orchestrator.table.update({ ...s.orchestrator.table.settings, ...settings });
  const t = await s.openThread();
  s.orchestrator.setMode(t, 'council');
  // Every call is answered as it comes: the first three (the blind answers) as given, the rest as reviews and the
  // synthesis would be.
  s.chat.onCall = (i) => {
    void s.chat.reply(i, answers[i] ?? (i < 6 ? `Verdict: fine #${i}` : 'The table is right.\n\nAnswer: 42'));
  };
  expect(await s.orchestrator.send(t, '@all what is six times seven?')).toEqual({ ok: true });
  await s.idle(t);
  const transcript = () => {
    const found = s.orchestrator.store.transcript(t);
    if (!found) throw new Error('not loaded');
    return found;
  };
  const plan = () => {
    const found = transcript().plans?.at(-1);
    if (!found) throw new Error('no plan');
    return found;
  };
  const steps = () => transcript().messages.flatMap((m) => (m.step ? [`${m.step.index}:${m.speaker}`] : []));
  return { ...s, t, transcript, plan, steps };
}

const AGREE = ['Six sevens.\n\nAnswer: 42', 'It is forty-two.\n\nAnswer: 42.0', '6 × 7\n\n**Final answer:** `42`'];

describe('a Council whose three seats agree', () => {
  test('ends after the answers with the vote: nothing more is asked, nothing is owed, the export says so', async () => {
    const { orchestrator, chat, t, transcript, plan, steps } = await council(AGREE);
    expect(chat.calls).toHaveLength(3);
    expect(steps()).toEqual(['0:claude', '0:gpt', '0:gemini']);
    expect(endedAtVote(plan(), transcript().messages)).toEqual({ plan: plan().id, answer: '42', seats: 3, saved: 4 });
    // Ended, not unfinished: no Continue offered, nothing left over, and the turn line carries the vote.
    expect(orchestrator.runner.progressOf(t)).toBeUndefined();
    expect(unfinishedPlan(transcript(), orchestrator.runner, orchestrator.table)).toBeUndefined();
    expect(orchestrator.runner.agreedVote(t)).toMatchObject({ plan: plan().id, answer: '42', seats: 3, saved: 4 });
    expect(await orchestrator.continueSkipped(t)).toMatchObject({ ok: false });
    const markdown = exportMarkdown(transcript(), [claude, gpt, gemini]);
    expect(markdown).toContain(`**Gemini**`);
    expect(markdown.split('\n\n---\n\n')).toContain(`_${LINE}._`);
  });

  test('Review anyway runs the reviews and the synthesis in the same thread; then it is an ordinary Council', async () => {
    const { orchestrator, chat, t, plan, steps, idle } = await council(AGREE);
    expect(await orchestrator.reviewAnyway(t, plan().id)).toEqual({ ok: true });
    await idle(t);
    expect(chat.calls).toHaveLength(7);
    expect(steps()).toEqual(['0:claude', '0:gpt', '0:gemini', '1:claude', '1:gpt', '1:gemini', '2:claude']);
    expect(orchestrator.runner.agreedVote(t)).toBeUndefined();
    expect(orchestrator.runner.progressOf(t)).toBeUndefined();
    // Asked again, there is nothing left to review.
    expect(await orchestrator.reviewAnyway(t, plan().id)).toMatchObject({ ok: false });
  });

  test('Review anyway is refused while a turn runs in the thread', async () => {
    const { orchestrator, chat, t, plan } = await council(AGREE);
    chat.onCall = undefined;
    const vote = plan().id;
    orchestrator.setMode(t, 'discuss');
    await orchestrator.send(t, '@claude and then?');
    await chat.call(3);
    expect(await orchestrator.reviewAnyway(t, vote)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('still streaming'),
    });
    await chat.reply(3, 'Then nothing.');
  });

  test('a reload finds it ended at the vote, from the thread itself', async () => {
    const { orchestrator, chat, t, repository, clock, plan } = await council(AGREE);
    const id = plan().id;
    await orchestrator.shutdown();
    const next = own.add(
      new Orchestrator({
        repository,
        chat: chat.backend,
        clock,
        ids: { next: () => `after-${Math.random()}` },
        logger: { trace() {}, info() {}, warn() {}, error() {} },
        settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, gpt, gemini] },
      }),
    );
    const opened = await next.store.open(t);
    if (!opened.ok) throw new Error(opened.reason);
    own.add(opened.lease);
    const transcript = next.store.transcript(t);
    if (!transcript) throw new Error('not loaded');
    // The first ask loads the vote's readers (a window that ran no turn has none) and says the progress again.
    const announced = new Promise<void>((resolve) => own.add(next.runner.onDidChangeProgress(() => resolve())));
    next.runner.agreedVote(t);
    await announced;
    expect(next.runner.agreedVote(t)).toMatchObject({ plan: id, answer: '42' });
    expect(unfinishedPlan(transcript, next.runner, next.table)).toBeUndefined();
    chat.onCall = undefined;
    expect(await next.reviewAnyway(t, id)).toEqual({ ok: true });
    await vi.waitFor(() => expect(chat.calls).toHaveLength(6));
    next.runner.stop(t);
    await vi.waitFor(() => expect(next.runner.isBusy(t)).toBe(false));
    // Stopped in its reviews, it is an ordinary Council: Continue is offered for what the reviews still owe.
    const after = next.store.transcript(t);
    expect(after && unfinishedPlan(after, next.runner, next.table)).toMatchObject({
      from: 1,
      seats: ['claude', 'gpt', 'gemini'],
    });
  });
});

describe('a Council that does not agree runs the whole plan', () => {
  test.each([
    ['the answers disagree', ['Answer: 42', 'Answer: 41', 'Answer: 42'], {}],
    ['the question has no short answer', ['It depends.', 'It depends.', 'It depends.'], {}],
    ['one answer states none', ['Answer: 42', 'Answer: 42', 'Probably forty-two'], {}],
    ['skipWhenUnanimous is off', AGREE, { skipWhenUnanimous: false }],
  ])('when %s', async (_, answers, settings) => {
    const { orchestrator, chat, t, transcript, plan, steps } = await council(answers, settings);
    expect(chat.calls).toHaveLength(7);
    expect(steps()).toEqual(['0:claude', '0:gpt', '0:gemini', '1:claude', '1:gpt', '1:gemini', '2:claude']);
    expect(endedAtVote(plan(), transcript().messages)).toBeUndefined();
    expect(orchestrator.runner.agreedVote(t)).toBeUndefined();
  });

  test('when an answer failed: the table did not all answer, so the reviews and the synthesis run', async () => {
    const s = setup({ participants: [claude, gpt, gemini] });
    const t = await s.openThread();
    s.orchestrator.setMode(t, 'council');
    s.chat.onCall = (i) => {
      void s.chat.call(i).then((call) => {
        if (i === 1) {
          call.emit({ type: 'error', error: { kind: 'http', status: 500, message: 'upstream failed' } });
          call.end();
        } else void s.chat.reply(i, 'Answer: 42');
      });
    };
    await s.orchestrator.send(t, '@all what is six times seven?');
    await s.idle(t);
    const replies = s.messages(t).filter((m) => m.role === 'assistant');
    expect(replies.map((m) => `${m.step?.index}:${m.speaker}:${m.status}`)).toEqual([
      '0:claude:complete',
      '0:gpt:error',
      '0:gemini:complete',
      '1:claude:complete',
      '1:gpt:complete',
      '1:gemini:complete',
      '2:claude:complete',
    ]);
    const plan = s.orchestrator.store.transcript(t)?.plans?.at(-1);
    expect(plan && pendingWork(plan, s.messages(t), () => true)).toBeUndefined();
  });
});
