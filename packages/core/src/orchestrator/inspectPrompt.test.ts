import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { cliInput } from '../cli/cliInput';
import type { ChatMessage } from '../llm/types';
import { silentLogger } from '../ports';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '../testing';
import { Orchestrator } from './Orchestrator';

// "What did @gpt see": the exact prompt of a reply, and the others of its turn to compare.

const own = ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

async function roundOfThree() {
  const s = setup({ participants: [claude, gpt, gemini] });
  const t = await s.openThread();
  await s.orchestrator.send(t, '@all plan the release');
  await s.chat.reply(0, 'Freeze on Monday.');
  await s.chat.reply(1, 'Agreed, and tag it.');
  await s.chat.reply(2, 'I would add a rollback.');
  await s.idle(t);
  const replies = s.messages(t).filter((m) => m.role === 'assistant');
  return { ...s, t, replies };
}

describe('inspecting a prompt', () => {
  test('a seat on an official CLI: shows the system prompt file and the standard input exactly as the process read them', async () => {
    const s = setup({ participants: [claude, { ...gpt, provider: 'codex-cli' }] });
    s.orchestrator.table.update({ ...s.orchestrator.table.settings, cliProviders: { 'codex-cli': 'codex' } });
    const t = await s.openThread();
    await s.orchestrator.send(t, '@all plan the release');
    await s.chat.reply(0, 'Freeze on Monday.');
    await s.chat.reply(1, 'Agreed.');
    await s.idle(t);
    const [claudeReply, gptReply] = s.messages(t).filter((m) => m.role === 'assistant');
    const shown = async (id: string) => {
      const inspection = await s.orchestrator.inspectPrompt(t, id);
      if (!inspection.ok) throw new Error(inspection.reason);
      return inspection.shown.text;
    };
    const input = cliInput((s.chat.calls[1]?.messages ?? []) as ChatMessage[]);
    const text = await shown(gptReply?.id ?? '');
    expect(text).toContain('- Delivered: to the `codex` CLI');
    expect(text).toContain(`## System prompt (the file the CLI read)\n\n\`\`\`text\n${input.system}\n\`\`\``);
    expect(text).toContain(`## Standard input\n\n\`\`\`text\n${input.stdin.replace(/\n$/, '')}\n\`\`\``);
    expect(input.stdin).toContain('[Claude]: Freeze on Monday.');
    expect(text).not.toContain('## 1. system');
    // The HTTP seat's prompt is still shown message by message.
    expect(await shown(claudeReply?.id ?? '')).toContain('## 1. system');
  });

  test('shows exactly what the model was sent, with its size, and offers the other replies of the turn', async () => {
    const { orchestrator, chat, t, replies } = await roundOfThree();
    const gptReply = replies[1];
    const inspection = await orchestrator.inspectPrompt(t, gptReply?.id ?? '');
    if (!inspection.ok) throw new Error(inspection.reason);
    const sent = chat.calls[1]?.messages ?? [];
    expect(inspection.shown.title).toBe("GPT's prompt");
    const text = inspection.shown.text;
    expect(text).toContain('- Model: gpt-5.5');
    const chars = sent.reduce((n, m) => n + m.content.length, 0);
    expect(text).toContain(`- Size: ${sent.length} messages, ${chars.toLocaleString('en-US')} characters, about`);
    expect(text).toContain('- Left out for length: nothing');
    // Every message, in order, with its role and its content exactly.
    for (const [i, m] of sent.entries())
      expect(text).toContain(`## ${i + 1}. ${m.role}\n\n\`\`\`text\n${m.content}\n\`\`\``);
    expect(text).not.toContain('rebuilt');
    expect(inspection.others.map((d) => d.speaker)).toEqual(['Claude', 'Gemini']);
    expect(inspection.others[1]?.text).toContain('[GPT]: Agreed, and tag it.');
  });

  test('a prompt this window did not send is rebuilt from the thread, and says so', async () => {
    const { orchestrator, chat, repository, t, replies } = await roundOfThree();
    await orchestrator.store.flush();
    // Another window, over the same stored threads: it sent none of these prompts.
    const other = new Orchestrator({
      repository: own.add(new MemoryThreadRepository([], repository.storage)),
      chat: new ScriptedChat().backend,
      clock: new FakeClock(),
      ids: { next: () => 'x' },
      logger: silentLogger,
      settings: orchestrator.table.settings,
    });
    try {
      const opened = await other.store.open(t);
      if (!opened.ok) throw new Error(opened.reason);
      const inspection = await other.inspectPrompt(t, replies[2]?.id ?? '');
      if (!inspection.ok) throw new Error(inspection.reason);
      expect(inspection.shown.text).toContain('not recorded in this window; rebuilt from the thread');
      // Rebuilt from what came before it, it is what was sent.
      const sent = chat.calls[2]?.messages ?? [];
      expect(inspection.shown.text.split('\n## ').slice(1)).toEqual(
        sent.map((m, i) => `${i + 1}. ${m.role}\n\n\`\`\`text\n${m.content}\n\`\`\`\n`),
      );
      opened.lease.dispose();
    } finally {
      other.dispose();
    }
  });

  test('a fence inside a message cannot end its block early', async () => {
    const { orchestrator, chat, openThread, idle, messages } = setup();
    const t = await openThread();
    await orchestrator.send(t, 'look:\n```\ncode\n```');
    await chat.reply(0, 'ok');
    await idle(t);
    const inspection = await orchestrator.inspectPrompt(t, messages(t)[1]?.id ?? '');
    expect(inspection.ok && inspection.shown.text).toContain('````text\n[User] look:\n```\ncode\n```\n````');
  });

  test('refuses a user message, a deleted reply and an unknown one, with why', async () => {
    const { orchestrator, t, replies, messages } = await roundOfThree();
    expect(await orchestrator.inspectPrompt(t, messages(t)[0]?.id ?? '')).toEqual({
      ok: false,
      reason: 'Only a reply has a prompt.',
    });
    orchestrator.deleteMessage(t, replies[0]?.id ?? '');
    expect(await orchestrator.inspectPrompt(t, replies[0]?.id ?? '')).toMatchObject({
      ok: false,
      reason: 'That reply was deleted.',
    });
    expect(await orchestrator.inspectPrompt(t, 'nope')).toMatchObject({ ok: false });
    // And the deleted reply is no longer offered for comparison.
    const inspection = await orchestrator.inspectPrompt(t, replies[1]?.id ?? '');
    expect(inspection.ok && inspection.others.map((d) => d.speaker)).toEqual(['Gemini']);
  });

  test('replies of other turns are not offered', async () => {
    const { orchestrator, chat, t, idle, messages } = await roundOfThree();
    await orchestrator.send(t, '@claude and you?');
    await chat.reply(3, 'Me too.');
    await idle(t);
    const inspection = await orchestrator.inspectPrompt(t, messages(t).at(-1)?.id ?? '');
    expect(inspection.ok && inspection.others).toEqual([]);
  });
});

describe('inspecting a review’s prompt', () => {
  test('lists every name the scrubbing replaced: seats, families, model ids, in prose, code and comments', async () => {
    const s = setup({ participants: [claude, gpt] });
    const t = await s.openThread();
    s.orchestrator.setMode(t, 'council');
    await s.orchestrator.send(t, '@all which client?');
    await s.chat.reply(0, 'As Claude, I use `anthropic.Client()`.\n```py\n# Anthropic wrote this\n```');
    await s.chat.reply(1, 'As ChatGPT (gpt-5.5), I would too.');
    await s.chat.call(2);
    await s.chat.call(3);
    const plan = s.orchestrator.store.transcript(t)?.plans?.at(-1);
    const label = (seat: string) => `Response ${plan?.letters?.[seat]}`;
    const claudeReview = s.messages(t).find((m) => m.step?.index === 1 && m.speaker === 'claude');
    const inspection = await s.orchestrator.inspectPrompt(t, claudeReview?.id ?? '');
    if (!inspection.ok) throw new Error(inspection.reason);
    const replaced = inspection.shown.text.split('\n').find((l) => l.startsWith('- Names replaced:')) ?? '';
    // Claude's review reads the question (its @all dropped) and GPT's answer: both of GPT's names went.
    expect(replaced).toBe(
      `- Names replaced: “@all” → removed (1×), “ChatGPT” → “${label('gpt')}” (1×), “gpt-5.5” → “${label('gpt')}” (1×)`,
    );
    const gptReview = s.messages(t).find((m) => m.step?.index === 1 && m.speaker === 'gpt');
    const other = await s.orchestrator.inspectPrompt(t, gptReview?.id ?? '');
    if (!other.ok) throw new Error(other.reason);
    expect(other.shown.text).toContain(`“Anthropic” → “${label('claude')}” (1×)`);
    expect(other.shown.text).toContain('`anthropic.Client()`');
    await s.chat.reply(2, 'Verdict: fine');
    await s.chat.reply(3, 'Verdict: fine');
    await s.chat.reply(4, 'Final.');
    await s.idle(t);
  });
});
