import { describe, expect, it } from 'vitest';
import { contentOf } from '../src/chatView';
import { isRunning, processesOfType } from '../src/processes';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { readThreadFiles } from '../src/threadFiles';
import { reloadWindow } from '../src/workbench';

// A Council whose extension host is killed (SIGKILL: nothing runs after it, nothing is flushed) while two of its
// answers stream. After a reload the window finds the turn's lease stale (its process is gone): the answer that
// came in whole is there, the two cut short keep the text they had when last written, marked cut off, and Continue
// runs exactly what is left, the reviews and the synthesis, which reads all three answers.

const SEATS = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];
const CUT = ['gpt', 'gemini'];

interface StoredMessage {
  speaker: string;
  status: string;
  content: string;
  synthesis?: { claims?: { marks: Record<string, string> }[] };
}
interface StoredThread {
  title?: string;
  messages?: StoredMessage[];
  leases?: { ended?: string; interrupted?: boolean }[];
}

describe('a turn cut off by a killed extension host (code-server + Chromium)', () => {
  const suite = useSuite({ participants: SEATS });

  const stored = (title: string): StoredThread | undefined =>
    readThreadFiles(suite.session.threadsDir)
      .map((t) => t.json as StoredThread)
      .find((t) => t.title?.includes(title));

  it('after SIGKILL mid-Council and a reload: the cut answers are marked with their text, and Continue finishes', async () => {
    const { chat, page, session, proxy, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('council');
    await expect.poll(() => chat.frame.locator('[data-testid="mode-select"]').inputValue()).toBe('council');
    // Claude answers whole; GPT and Gemini say a little, then go silent until their client is gone.
    for (const seat of SEATS.filter((s) => CUT.includes(s.id))) {
      proxy.enqueueFor(seat.model, { kind: 'stall', afterChunks: 3 });
    }
    await chat.send('@all crash-midway: where does this leak memory?');
    await chat.messages({ speaker: 'claude', status: 'complete' }).waitFor({ timeout: 60_000 });
    for (const seat of CUT) await chat.messages({ speaker: seat, status: 'streaming' }).waitFor();

    // The turn's lease is renewed every 5 s with the text streamed so far: wait until the thread on disk holds it.
    const written = () =>
      (stored('crash-midway')?.messages ?? []).filter((m) => CUT.includes(m.speaker) && m.status === 'streaming');
    await expect.poll(() => written().filter((m) => m.content.length > 0).length, { timeout: 30_000 }).toBe(2);
    const kept = new Map(written().map((m) => [m.speaker, m.content]));
    await shot('crash-before-kill');

    // What the workbench and the server say depends on when the kill lands against the connection's own timers: the
    // socket's close, a failed reconnection (in the page or in the server's log), the host's end.
    suite.errors.allow({
      sources: ['console', 'server-log'],
      pattern:
        /\[remote-connection\]\[ExtensionHost\]|Unknown reconnection token|Extension host \(Remote\) terminated unexpectedly|ERR color: #f33 CloseEvent \(at /,
      reason:
        'this test kills the extension host with SIGKILL: the workbench reports losing it and failing to reconnect',
    });
    const hosts = processesOfType(session.server.pid, 'extensionHost');
    expect(hosts.length).toBeGreaterThan(0);
    for (const pid of hosts) process.kill(pid, 'SIGKILL');
    await expect.poll(() => hosts.filter(isRunning), { timeout: 30_000 }).toEqual([]);
    // Killed: nothing more was written, the two answers are on disk as they were, still streaming.
    expect(written().map((m) => m.content)).toEqual([...kept.values()]);

    await reloadWindow(page);
    await chat.open();
    await chat.threadTitle.filter({ hasText: 'crash-midway' }).waitFor();
    for (const seat of CUT) {
      const answer = chat.messages({ speaker: seat, status: 'cancelled' });
      await answer.waitFor({ timeout: 30_000 });
      expect(await answer.locator('[data-testid="cut-off"]').textContent()).toBe(
        'Cut off when VS Code stopped: this is what had come in.',
      );
      // As the panel shows it: its Markdown rendered, so compared as words.
      const words = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim();
      expect(words(await contentOf(answer)), JSON.stringify(kept.get(seat))).toBe(words(kept.get(seat)));
    }
    expect(await chat.messages({ speaker: 'claude', status: 'complete' }).count()).toBe(1);
    expect(await chat.messages({ status: 'streaming' }).count()).toBe(0);
    const line = chat.frame.locator('[data-testid="turn-skipped"][data-cut-off="true"]');
    await line.waitFor();
    expect(await line.textContent()).toContain('Cut off when VS Code stopped, before');
    // On disk too: the dead window's lease ended as interrupted, the answers cut off with their text.
    await expect.poll(() => stored('crash-midway')?.leases?.some((l) => l.interrupted && l.ended) ?? false).toBe(true);
    await shot('crash-after-reload');

    await line.getByRole('button', { name: /^Continue with/ }).click();
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count(), { timeout: 30_000 }).toBe(0);
    // Continue ran what was left: three reviews and the synthesis, no answer again.
    expect(await chat.frame.locator('[data-testid="review"]').count()).toBe(3);
    const answers = (stored('crash-midway')?.messages ?? []).filter((m) => !m.content.startsWith('Verdict:'));
    expect(answers.filter((m) => m.speaker !== 'user' && !m.synthesis).length).toBe(3);
    // The synthesis read all three answers (the chair saw letters only), and its ledger marks every seat.
    const synthesis = (stored('crash-midway')?.messages ?? []).find((m) => m.synthesis?.claims);
    expect(new Set(synthesis?.content.match(/user\[Response [A-C]\]:/g)).size).toBe(3);
    const marked = new Set(synthesis?.synthesis?.claims?.flatMap((c) => Object.keys(c.marks)));
    expect([...marked].sort()).toEqual(['claude', 'gemini', 'gpt']);
    await shot('crash-continued');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
