import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import type { ChatTuning } from '../src/proxy/createChatBackend';
import {
  CLAUDE_ECHO,
  claude,
  type FaultRow,
  GPT_PARTIAL,
  GPT_TEXT,
  gemini,
  gpt,
  httpErrorRows,
  PROMPT,
} from './support/faultRows';
import { startFaultyHop } from './support/faultyHop';
import { streamFaultRows } from './support/streamFaultRows';
import { expectSettled, openTable, type TurnTable } from './support/turnHarness';

// The stream fault matrix: every error shape and fault of CLIProxyAPI (docs/cliproxyapi-behaviour.md), and hostile
// input past the client's bounds, met end to end by a three-responder `@all` turn whose SECOND responder gets the
// fault. Each row checks what a user is left with: the faulty reply's status, its message in words to act on (the
// provider's own kept), the text it had received; the first reply untouched; the third still answering, having read
// the failed reply's text under its label; nothing left `streaming`, and the thread file equal to memory.
// The faults the real CLIProxyAPI can be made to produce are met the same way in faultMatrix.real.test.ts.

/** Generous limits for every row (a fault that hangs fails in seconds, not minutes) and a quick retry. */
const TUNING: ChatTuning = { timeouts: { firstByteMs: 5_000, stallMs: 5_000 }, retryDelayMs: 10 };

async function table(row: Pick<FaultRow, 'fault' | 'times' | 'proxy' | 'timeouts' | 'thirdReply'>) {
  const proxy = await startFakeProxy({ chunkDelayMs: 1, ...row.proxy });
  onTestFinished(() => proxy.close());
  let url = proxy.url;
  if ('hop' in row.fault) {
    const hop = await startFaultyHop(proxy.url);
    onTestFinished(() => hop.close());
    hop.injectFor(gpt.model, row.fault.hop);
    url = hop.url;
  } else {
    for (let i = 0; i < (row.times ?? 1); i++) proxy.enqueueFor(gpt.model, row.fault);
  }
  if (row.thirdReply) proxy.enqueueFor(gemini.model, { kind: 'reply', text: row.thirdReply });
  const tuning = { ...TUNING, timeouts: { ...TUNING.timeouts, ...row.timeouts } };
  const turns = await openTable({ url: () => url, participants: [claude, gpt, gemini], tuning });
  return { proxy, turns };
}

/** The `messages` of every chat request the proxy received for `model`, in order. */
function promptsFor(proxy: FakeProxy, model: string): { role: string; content: string }[][] {
  return proxy.requests
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => r.body as { model: string; messages: { role: string; content: string }[] })
    .filter((body) => body.model === model)
    .map((body) => body.messages);
}

function labelled(messages: { role: string; content: string }[] | undefined, label: string) {
  return (messages ?? []).filter((m) => m.content.startsWith(`[${label}]`));
}

describe('a fault on the second of three responders, through the real client and the fake CLIProxyAPI', () => {
  test.each([...httpErrorRows, ...streamFaultRows])('$name', async (row) => {
    const { proxy, turns } = await table(row);
    const [user, first, second, third, ...rest] = (await turns.turn(PROMPT)).messages;
    expect(user).toMatchObject({ role: 'user', content: PROMPT });
    expect(rest).toEqual([]);

    expect(first).toMatchObject({ speaker: 'claude', status: 'complete', content: CLAUDE_ECHO });
    expect(first?.error).toBeUndefined();

    expect(second?.speaker).toBe('gpt');
    expect(second?.status).toBe(row.status);
    expect(second?.content).toBe(row.content);
    if (row.message === undefined) expect(second?.error).toBeUndefined();
    else if (typeof row.message === 'string') expect(second?.error).toBe(row.message);
    else expect(second?.error).toMatch(row.message);
    for (const words of row.keeps ?? []) expect(second?.error).toContain(words);
    expect(turns.failures.map((f) => [f.participant.id, f.error.kind])).toEqual(
      row.status === 'error' ? [['gpt', row.kind]] : [],
    );

    // Errors do not stop a turn: the third answers, having read what the second said before it failed.
    expect(third).toMatchObject({ speaker: 'gemini', status: 'complete' });
    if (row.thirdReply) expect(third?.content).toBe(row.thirdReply);
    else expect(third?.content).toMatch(/^Fake gemini-3-flash received \d messages: /);
    expect(labelled(promptsFor(proxy, gemini.model).at(-1), 'GPT')).toEqual(
      row.content ? [{ role: 'user', content: `[GPT]: ${row.content}` }] : [],
    );

    await expectSettled(turns);
    await row.after?.(proxy);
  });
});

async function streamed(turns: TurnTable, speaker: string, content: string): Promise<void> {
  await vi.waitFor(
    () => expect(turns.transcript().messages.find((m) => m.speaker === speaker)?.content).toBe(content),
    { timeout: 5_000 },
  );
}

describe('a turn that meets a fault and the next turn', () => {
  test('stop during the second reply: it ends cancelled with its text, the third is skipped until continued', async () => {
    const { proxy, turns } = await table({ fault: { kind: 'stall', text: GPT_TEXT, afterChunks: 3 } });
    await turns.orchestrator.send(turns.threadId, PROMPT);
    await streamed(turns, 'gpt', GPT_PARTIAL);
    turns.orchestrator.stop(turns.threadId);
    await turns.orchestrator.runner.whenIdle(turns.threadId);

    const [, first, second, ...rest] = turns.transcript().messages;
    expect(first).toMatchObject({ speaker: 'claude', status: 'complete', content: CLAUDE_ECHO });
    expect(second).toMatchObject({ speaker: 'gpt', status: 'cancelled', content: GPT_PARTIAL });
    expect(second?.error).toBeUndefined();
    expect(rest).toEqual([]);
    expect(turns.failures).toEqual([]);
    expect(promptsFor(proxy, gemini.model)).toEqual([]);
    expect(turns.orchestrator.runner.progressOf(turns.threadId)).toMatchObject({
      state: 'stopped',
      step: 'answer',
      skipped: ['gemini'],
    });
    const gptRequest = proxy.requests.findIndex((r) => (r.body as { model?: string })?.model === gpt.model);
    expect(await proxy.whenResponseClosed(gptRequest)).toBe('aborted');
    await expectSettled(turns);

    expect(await turns.orchestrator.continueSkipped(turns.threadId)).toEqual({ ok: true });
    await turns.orchestrator.runner.whenIdle(turns.threadId);
    expect(turns.transcript().messages[3]).toMatchObject({ speaker: 'gemini', status: 'complete' });
    expect(labelled(promptsFor(proxy, gemini.model).at(-1), 'GPT')).toEqual([
      { role: 'user', content: `[GPT]: ${GPT_PARTIAL}` },
    ]);
    await expectSettled(turns);
  });

  test('the proxy killed mid-reply: the reply keeps its text, the next responder is told it is unreachable; a proxy restarted on the same port serves the next turn', async () => {
    let proxy = await startFakeProxy({ chunkDelayMs: 1 });
    onTestFinished(() => proxy.close());
    const { port, url } = proxy;
    proxy.enqueueFor(gpt.model, { kind: 'stall', text: GPT_TEXT, afterChunks: 3 });
    const turns = await openTable({ url: () => url, participants: [claude, gpt, gemini], tuning: TUNING });

    await turns.orchestrator.send(turns.threadId, PROMPT);
    await streamed(turns, 'gpt', GPT_PARTIAL);
    await proxy.close();
    await turns.orchestrator.runner.whenIdle(turns.threadId);
    const [, first, second, third] = turns.transcript().messages;
    expect(first).toMatchObject({ status: 'complete', content: CLAUDE_ECHO });
    expect(second).toMatchObject({ speaker: 'gpt', status: 'error', content: GPT_PARTIAL });
    expect(second?.error).toMatch(
      /^The connection to CLIProxyAPI broke during the reply \(.+\); the reply is incomplete\.$/,
    );
    expect(third).toMatchObject({ speaker: 'gemini', status: 'error', content: '' });
    expect(third?.error).toMatch(
      new RegExp(
        `^Cannot reach CLIProxyAPI at ${url.replaceAll('.', '\\.')}/v1 \\(.+\\)\\. Check that the proxy is running and that the URL is right\\.$`,
      ),
    );
    expect(turns.failures.map((f) => [f.participant.id, f.error.kind])).toEqual([
      ['gpt', 'stream'],
      ['gemini', 'network'],
    ]);
    await expectSettled(turns);

    proxy = await startFakeProxy({ port, chunkDelayMs: 1 });
    const messages = (await turns.turn('@all again, please')).messages.slice(5);
    expect(messages.map((m) => [m.speaker, m.status])).toEqual([
      ['claude', 'complete'],
      ['gpt', 'complete'],
      ['gemini', 'complete'],
    ]);
    // What was said before the kill is still what everyone reads: the failed reply's text, as its own for gpt.
    expect(promptsFor(proxy, gpt.model)[0]).toContainEqual({ role: 'assistant', content: GPT_PARTIAL });
    expect(labelled(promptsFor(proxy, gemini.model)[0], 'GPT')[0]).toEqual({
      role: 'user',
      content: `[GPT]: ${GPT_PARTIAL}`,
    });
    await expectSettled(turns);
  });

  test('after an error chunk the proxy pauses that model: the next turn says so, and the others answer', async () => {
    const { turns } = await table({ fault: { kind: 'mid-stream-error', text: GPT_TEXT, afterChunks: 3 } });
    expect((await turns.turn(PROMPT)).messages[2]).toMatchObject({ status: 'error', content: GPT_PARTIAL });
    const [first, second, third] = (await turns.turn('@all once more')).messages.slice(5);
    expect(first).toMatchObject({ speaker: 'claude', status: 'complete' });
    expect(second).toMatchObject({ speaker: 'gpt', status: 'error', content: '' });
    expect(second?.error).toMatch(
      /^CLIProxyAPI is pausing gpt-5\.5 for about a minute after its last failure \([\d.]+ m?s ago\)\. Try again in about (1 min|\d+ s)\.$/,
    );
    expect(third).toMatchObject({ speaker: 'gemini', status: 'complete' });
    expect(turns.failures.map((f) => f.error.kind)).toEqual(['stream', 'rate-limit']);
    await expectSettled(turns);
  });
});
