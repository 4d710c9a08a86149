import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import type { TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';
import { Orchestrator } from './Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from './settings';

// A council's synthesis is read once, in the host, as it ends: its ledger is stored on the message (the claims,
// each seat's mark by seat id, the answer), a malformed one with its reason, and a retry replaces it. An older
// thread's synthesis (no reading stored) is read once, when the thread is shown.

const own = ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const ledger = (claims: unknown) => `The answer.\n\n\`\`\`ledger\n${JSON.stringify({ claims })}\n\`\`\``;

/** A council of three, answered and reviewed; the synthesis is call 6, which the test answers. */
async function upToTheSynthesis(fail?: number) {
  const s = setup({ participants: [claude, gpt, gemini] });
  const t = await s.openThread();
  s.orchestrator.setMode(t, 'council');
  await s.orchestrator.send(t, '@all is it safe?');
  for (const i of [0, 1, 2]) {
    if (i === fail) {
      const call = await s.chat.call(i);
      call.emit({ type: 'error', error: { kind: 'http', status: 500, message: 'upstream failed' } });
      call.end();
    } else await s.chat.reply(i, `answer ${i}`);
  }
  for (const i of [3, 4, 5]) await s.chat.reply(i, `Verdict: review ${i}`);
  await s.chat.call(6);
  const plan = s.orchestrator.store.transcript(t)?.plans?.at(-1) as TurnPlan;
  const letter = (seat: string) => plan.letters?.[seat] as string;
  const synthesis = () => s.messages(t).find((m) => m.step?.index === 2) as Message;
  return { ...s, t, plan, letter, synthesis };
}

describe('a council’s vote, when its question has one short answer', () => {
  test('each seat’s stated answer in normal form, the chair’s reading of one that states none, and the synthesis’s', async () => {
    const s = setup({ participants: [claude, gpt, gemini] });
    const t = await s.openThread();
    s.orchestrator.setMode(t, 'council');
    await s.orchestrator.send(t, '@all what is 6 times 7?');
    await s.chat.reply(0, 'Six sevens.\n\nAnswer: 42');
    await s.chat.reply(1, 'It is forty-two, I think.\n\n**Answer:** 42.0');
    await s.chat.reply(2, 'Let me see: 6 × 7 is 41.');
    for (const i of [3, 4, 5]) await s.chat.reply(i, `Verdict: review ${i}`);
    await s.chat.call(6);
    const plan = s.orchestrator.store.transcript(t)?.plans?.at(-1) as TurnPlan;
    const letter = (seat: string) => plan.letters?.[seat] as string;
    const answers = { [letter('gemini')]: '41', [letter('claude')]: '40' };
    const claims = [{ claim: '6 × 7 = 42', [letter('claude')]: 'supported', [letter('gemini')]: 'disputed' }];
    await s.chat.reply(6, `It is 42.\n\nAnswer: 42\n\n\`\`\`ledger\n${JSON.stringify({ answers, claims })}\n\`\`\``);
    await s.idle(t);
    const synthesis = s.messages(t).find((m) => m.step?.index === 2);
    // Claude stated 42 itself: the chair's "40" for it is not taken. Gemini stated none: the chair's "41" is.
    expect(synthesis?.synthesis?.vote).toEqual({ answers: { claude: '42', gpt: '42', gemini: '41' }, synthesis: '42' });
  });

  test('a question with no short answer has no vote', async () => {
    const { chat, idle, t, letter, synthesis } = await upToTheSynthesis();
    await chat.reply(6, ledger([{ claim: 'It is safe', [letter('claude')]: 'supported' }]));
    await idle(t);
    expect(synthesis().synthesis).not.toHaveProperty('vote');
  });

  test('each answering seat is asked for its short answer on a line of its own; the chair for theirs and its own', async () => {
    const { chat } = await upToTheSynthesis();
    const systemOf = (i: number) => chat.calls[i]?.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(systemOf(0)).toContain('end your reply with a line of the form `Answer: <that answer>`');
    const chair = chat.calls[6]?.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
    expect(chair).toContain('end the final answer with a line of the form `Answer: <that answer>`');
    expect(chair).toContain('"answers":');
  });
});

describe('a synthesis is read as it ends', () => {
  test('its ledger is stored with it: the claims, each seat’s mark by seat id, and the answer without the block', async () => {
    const { chat, idle, t, letter, synthesis, changes } = await upToTheSynthesis();
    const text = ledger([
      { claim: 'It is safe', [letter('claude')]: 'supported', [letter('gpt')]: 'disputed' },
      { claim: 'Tests cover it', [letter('gemini')]: 'not addressed' },
    ]);
    await chat.reply(6, text);
    await idle(t);
    expect(synthesis().content).toBe(text);
    expect(synthesis().synthesis).toEqual({
      claims: [
        { claim: 'It is safe', marks: { claude: 'supported', gpt: 'disputed' } },
        { claim: 'Tests cover it', marks: { gemini: 'not addressed' } },
      ],
      answer: 'The answer.',
    });
    // It ended read: the one patch that ends it carries the reading (the panel never reads the text).
    const ending = changes.find(
      (c) => c.kind === 'messageChanged' && c.message.id === synthesis().id && c.patch.status,
    );
    expect(ending).toMatchObject({ patch: { status: 'complete', synthesis: synthesis().synthesis } });
  });

  test('a malformed ledger is stored as such, with its reason; no block at all is stored too', async () => {
    const first = await upToTheSynthesis();
    await first.chat.reply(6, 'Answer.\n```ledger\n{claims: [}\n```');
    await first.idle(first.t);
    expect(first.synthesis().synthesis).toEqual({ malformed: 'it is not JSON' });
    disposeAll();
    const second = await upToTheSynthesis();
    await second.chat.reply(6, 'Just an answer.');
    await second.idle(second.t);
    expect(second.synthesis().synthesis).toEqual({});
  });

  test('whose answers it was written without is stored with it, by the rule its prompt was built with', async () => {
    const { chat, idle, t, synthesis } = await upToTheSynthesis(1);
    await chat.reply(6, 'Final.');
    await idle(t);
    expect(synthesis().synthesis).toEqual({ without: { gpt: 'failed' } });
  });

  test('Retry of the synthesis drops its reading while it runs again, and its end stores the new one', async () => {
    const { orchestrator, chat, idle, t, letter, synthesis } = await upToTheSynthesis();
    const call = await chat.partial(6, ledger([{ claim: 'old', [letter('claude')]: 'supported' }]));
    call.emit({ type: 'error', error: { kind: 'http', status: 500, message: 'cut' } });
    call.end();
    await idle(t);
    expect(synthesis()).toMatchObject({ status: 'error', synthesis: { claims: [{ claim: 'old' }] } });
    expect(await orchestrator.retry(t, synthesis().id)).toEqual({ ok: true });
    await chat.call(7);
    expect(synthesis().status).toBe('streaming');
    expect(synthesis().synthesis).toBeUndefined();
    await chat.reply(7, ledger([{ claim: 'new', [letter('gpt')]: 'disputed' }]));
    await idle(t);
    expect(synthesis()).toMatchObject({
      attempt: 2,
      synthesis: { claims: [{ claim: 'new', marks: { gpt: 'disputed' } }] },
    });
  });

  test('a synthesis whose ledger could not be read is retried in place; one whose ledger was read is not', async () => {
    const { orchestrator, chat, idle, t, letter, synthesis, messages } = await upToTheSynthesis();
    await chat.reply(6, 'Answer.\n```ledger\n{claims: [}\n```');
    await idle(t);
    expect(synthesis()).toMatchObject({ status: 'complete', synthesis: { malformed: 'it is not JSON' } });
    const review = messages(t).find((m) => m.step?.index === 1) as Message;
    expect(await orchestrator.retry(t, review.id)).toEqual({
      ok: false,
      reason: 'Only a failed or stopped reply, or a synthesis whose ledger could not be read, can be retried.',
    });
    expect(await orchestrator.retry(t, synthesis().id)).toEqual({ ok: true });
    await chat.reply(7, ledger([{ claim: 'read now', [letter('gpt')]: 'supported' }]));
    await idle(t);
    expect(synthesis()).toMatchObject({ attempt: 2, synthesis: { claims: [{ claim: 'read now' }] } });
    expect(await orchestrator.retry(t, synthesis().id)).toMatchObject({ ok: false });
  });

  test('a reply of any other step is never read as one', async () => {
    const { chat, idle, t, messages } = await upToTheSynthesis();
    await chat.reply(6, 'Final.');
    await idle(t);
    expect(
      messages(t)
        .filter((m) => m.synthesis !== undefined)
        .map((m) => m.step?.index),
    ).toEqual([2]);
  });
});

describe('an older thread’s synthesis', () => {
  /** The council thread as a format 5 file holds it: every reading taken out. */
  async function olderThread() {
    const s = await upToTheSynthesis();
    await s.chat.reply(6, ledger([{ claim: 'It is safe', [s.letter('claude')]: 'supported' }]));
    await s.idle(s.t);
    await s.orchestrator.shutdown();
    const stored = s.orchestrator.store.transcript(s.t) as Transcript;
    const unread: Transcript = {
      ...stored,
      version: 7,
      messages: stored.messages.map(({ synthesis: _read, ...m }) => m),
    };
    return { ...s, unread };
  }

  test('is read once when the thread is shown, stored, and the thread keeps its time', async () => {
    const { unread, chat } = await olderThread();
    const s = setup({ participants: [claude, gpt, gemini], stored: [unread] });
    const opened = await s.orchestrator.store.open(unread.id);
    if (!opened.ok) throw new Error(opened.reason);
    own.add(opened.lease);
    const before = s.orchestrator.store.summary(unread.id)?.updatedAt;
    s.clock.advance(60_000);
    await s.orchestrator.readOlderSyntheses(unread.id);
    const read = s.messages(unread.id).find((m) => m.step?.index === 2);
    expect(read?.synthesis).toEqual({
      claims: [{ claim: 'It is safe', marks: { claude: 'supported' } }],
      answer: 'The answer.',
    });
    expect(s.orchestrator.store.summary(unread.id)?.updatedAt).toBe(before);
    // Read once: shown again, nothing changes.
    const changes = s.changes.length;
    await s.orchestrator.readOlderSyntheses(unread.id);
    expect(s.changes.length).toBe(changes);
    // And it is written: a window that opens the thread next finds it read.
    await s.orchestrator.store.flush();
    const again = own.add(
      new Orchestrator({
        repository: s.repository,
        chat: chat.backend,
        clock: s.clock,
        ids: { next: () => `x-${Math.random()}` },
        logger: { trace() {}, info() {}, warn() {}, error() {} },
        settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, gpt, gemini] },
      }),
    );
    const reopened = await again.store.open(unread.id);
    if (!reopened.ok) throw new Error(reopened.reason);
    own.add(reopened.lease);
    await again.readOlderSyntheses(unread.id);
    expect(again.store.transcript(unread.id)?.messages.find((m) => m.step?.index === 2)?.synthesis).toBeDefined();
  });

  test('a thread with no synthesis to read is left as it is when shown', async () => {
    const s = setup({ participants: [claude] });
    const t = await s.openThread();
    await s.orchestrator.send(t, 'hello');
    await s.chat.reply(0, 'hi');
    await s.idle(t);
    const quiet = own.add(
      new Orchestrator({
        repository: s.repository,
        chat: s.chat.backend,
        clock: s.clock,
        ids: { next: () => `q-${Math.random()}` },
        logger: { trace() {}, info() {}, warn() {}, error() {} },
        settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude] },
      }),
    );
    await s.orchestrator.store.flush();
    const opened = await quiet.store.open(t);
    if (!opened.ok) throw new Error(opened.reason);
    own.add(opened.lease);
    const before = quiet.store.transcript(t);
    await quiet.readOlderSyntheses(t);
    expect(quiet.store.transcript(t)).toEqual(before);
  });
});
