import type { OrchestratorSettings } from '../../src/orchestrator/settings';
import type { ScriptedCall, ScriptedChat } from '../../src/testing';
import type { DiscussionMode, TurnPlan } from '../../src/transcript/plan';
import { claude, gemini, gpt, setup } from './orchestratorSetup';

/**
 * What one prompt shows, as the fake proxy's echo lists it: each message's role and the speaker label it starts
 * with (`user[User]`, `user[Claude]:`, `user[Response B]:`, `user[Roundtable]`), so a table can say what a seat read
 * and under which name.
 */
export function labelsOf(call: { messages: readonly { role: string; content: string }[] }): string[] {
  return call.messages.map((m) => `${m.role}${/^\[[^\]\n]+\]:?/.exec(m.content)?.[0] ?? ''}`);
}

/** Answers every call as it comes, with a text naming its model and its number (so replies are all different). */
export function answerEverything(chat: ScriptedChat, text = (call: ScriptedCall, i: number) => `${call.model} #${i}`) {
  chat.onCall = (i) => {
    void chat.call(i).then((call) => chat.reply(i, text(call, i)));
  };
}

/** Three seats (Claude, GPT, Gemini), an earlier exchange with Claude, and a thread in `mode`. */
export async function threeSeats(mode: DiscussionMode, settings: Partial<OrchestratorSettings> = {}) {
  const s = setup({ participants: [claude, gpt, gemini] });
  s.orchestrator.table.update({ ...s.orchestrator.table.settings, ...settings });
  const t = await s.openThread();
  answerEverything(s.chat);
  await s.orchestrator.send(t, '@claude hello');
  await s.idle(t);
  s.orchestrator.setMode(t, mode);
  const plan = (i = -1): TurnPlan => {
    const found = s.orchestrator.store.transcript(t)?.plans?.at(i);
    if (!found) throw new Error('no plan');
    return found;
  };
  /** The calls made for the replies of a plan's step, by seat. */
  const callsOf = (p: TurnPlan, step: number) => {
    const replies = s.messages(t).filter((m) => m.step?.plan === p.id && m.step.index === step);
    return new Map(replies.map((m) => [m.speaker, s.orchestrator.runner.prompts.get(m.id)]));
  };
  return { ...s, t, plan, callsOf };
}
