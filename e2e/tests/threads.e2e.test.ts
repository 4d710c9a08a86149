import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatView, contentOf } from '../src/chatView';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { openWorkbench } from '../src/workbench';

// Threads across views and windows: a reply keeps streaming while its view shows another thread, and two windows
// of one code-server (each with its own extension host, over the same global storage) converge on one thread.
// Each test starts its own thread.

/** The Roundtable log of each extension host that has started (one folder per host: `<session>/exthostN/`). */
function roundtableLogs(logsDir: string): string[] {
  return (readdirSync(logsDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith(join('roundtable.roundtable', 'Roundtable.log')))
    .map((file) => join(logsDir, file));
}

describe('threads in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite();

  it('a reply keeps streaming to completion after switching to another thread and back', async () => {
    const { proxy, chat, shot } = suite;
    await chat.open();
    await chat.newThread();
    await chat.send('an earlier thread to switch to');
    await chat.messages({ speaker: 'claude', status: 'complete' }).waitFor();

    await chat.newThread();
    proxy.enqueue({ kind: 'reply', chunkDelayMs: 600 });
    const slowRequest = proxy.requests.length;
    await chat.send('answer me slowly');
    await chat.messages({ speaker: 'claude', status: 'streaming' }).waitFor();
    await shot('slow-reply-streaming');

    await chat.openThread('an earlier thread to switch to');
    await chat.messages({ speaker: 'user', hasText: 'an earlier thread to switch to' }).waitFor();
    // Away from it, Thread History says the other thread is still answering.
    const rows = await chat.threadHistory();
    await rows.filter({ hasText: 'answer me slowly' }).filter({ hasText: 'replying' }).waitFor();
    await shot('switched-away-while-replying');
    await suite.page.keyboard.press('Escape');

    await chat.openThread('answer me slowly');
    const reply = chat.messages({ speaker: 'claude', status: 'complete' });
    await reply.waitFor();
    await shot('back-and-complete');
    expect(await contentOf(reply)).toContain('You said: [User] answer me slowly');
    const index = proxy.requests.findIndex((r, i) => i >= slowRequest && r.path.startsWith('/v1/chat/completions'));
    expect(await proxy.whenResponseClosed(index)).toBe('finished');
  });

  it('two windows (two extension hosts) send to the same thread and both end up showing every message', async () => {
    const { session, browser, chat, errors, shot } = suite;
    await chat.open();
    await chat.newThread();
    await chat.send('hello from the first window');
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'hello from the first window' }).waitFor();

    // A second window of the same code-server: its own extension host, the same global storage. Its view opens on
    // the newest thread, the one just used in the first window.
    const second = await browser.context.newPage();
    second.setDefaultTimeout(60_000);
    errors.attach(second);
    try {
      await openWorkbench(second, session.server.workbenchUrl);
      const other = new ChatView(second, session.extension.id);
      await other.open();
      // Proof that this is a second extension host, not a second view of the first one.
      await expect.poll(() => roundtableLogs(session.logsDir).length, { timeout: 60_000 }).toBe(2);
      await other.messages({ speaker: 'user', hasText: 'hello from the first window' }).waitFor();

      // Both windows send at the same moment.
      await Promise.all([chat.send('first window again'), other.send('second window here')]);
      for (const view of [chat, other]) {
        await expect.poll(() => view.messages({ status: 'complete' }).count(), { timeout: 60_000 }).toBe(6);
        for (const text of ['hello from the first window', 'first window again', 'second window here']) {
          await view.messages({ speaker: 'user', hasText: text }).waitFor();
        }
      }
      await shot('first-window-converged');
      await second.screenshot({ path: `${session.runDir.screenshots}/second-window-converged.png` });
      // The same messages in the same order in both windows.
      expect(await other.messageIds()).toEqual(await chat.messageIds());
    } finally {
      await second.goto('about:blank').catch(() => undefined);
      await second.close();
    }
  });

  it('raised no unexpected error in the pages, the webviews or the extension hosts', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
