import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeErrors } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { contentOf } from '../src/chatView';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { readThreadFiles } from '../src/threadFiles';
import { runCommand } from '../src/workbench';

// Three at the table in a real VS Code: @all in order, Retry in place, Regenerate as…, names that got no reply, and
// a thread renamed, found by what was said in it, exported, deleted and imported back. Each test starts its own
// thread.

describe('the table in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite({
    participants: [
      { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
      { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
      { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
    ],
  });

  /** The speakers of the shown messages, in the order the panel shows them. */
  const speakers = () =>
    suite.chat.messages().evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.speaker));

  it('@all: three replies in order, and the third was sent the first two', async () => {
    const { chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    await chat.send('@all what do you each make of it?');
    await expect.poll(() => chat.messages({ status: 'complete' }).count(), { timeout: 30_000 }).toBe(4);
    expect(await speakers()).toEqual(['user', 'claude', 'gpt', 'gemini']);
    const gemini = await contentOf(chat.messages({ speaker: 'gemini' }));
    // The fake proxy's echo lists what it was sent: the user, then Claude's and GPT's replies under their labels.
    expect(gemini).toMatch(
      /^Fake gemini-3-flash received 4 messages: system, user\[User\], user\[Claude\]:, user\[GPT\]:\./,
    );
    expect(gemini).toContain('You said: [GPT]: Fake gpt-5.5 received 3 messages');
    await shot('all-three-in-order');
  });

  it('Stop during the second reply skips the third; Continue gives it its turn, having read the stopped reply', async () => {
    const { proxy, chat, shot } = suite;
    await chat.newThread();
    proxy.enqueueFor('gpt-5.5', { kind: 'reply', chunkDelayMs: 500 });
    await chat.send('@all take turns, please');
    const status = chat.frame.locator('[data-testid="turn-status"]');
    await status.filter({ hasText: 'GPT is answering, Gemini next' }).waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toContain('2 of 3');
    const gpt = chat.messages({ speaker: 'gpt', status: 'streaming' });
    await expect.poll(async () => (await contentOf(gpt)).length).toBeGreaterThan(0);
    await chat.frame.locator('[data-testid="stop"]').click();
    await chat.messages({ speaker: 'gpt', status: 'cancelled' }).waitFor();
    const skipped = chat.frame.locator('[data-testid="turn-skipped"]');
    expect(await skipped.textContent()).toContain('Stopped before Gemini answered.');
    await shot('stopped-during-the-second');
    await skipped.getByRole('button', { name: 'Continue with Gemini' }).click();
    const gemini = chat.messages({ speaker: 'gemini', status: 'complete' });
    await gemini.waitFor();
    expect(await speakers()).toEqual(['user', 'claude', 'gpt', 'gemini']);
    expect(await contentOf(gemini)).toMatch(
      /received 4 messages: system, user\[User\], user\[Claude\]:, user\[GPT\]:\./,
    );
  });

  it('Retry runs a failed reply again in its place; the reply after it keeps what it said', async () => {
    const { proxy, chat, shot } = suite;
    await chat.newThread();
    proxy.enqueueFor('gpt-5.5', fakeErrors.openAiError());
    await chat.send('@all one of you will fail');
    await chat.messages({ speaker: 'gemini', status: 'complete' }).waitFor({ timeout: 30_000 });
    const failed = chat.messages({ speaker: 'gpt', status: 'error' });
    expect(await failed.textContent()).toContain('Third-party apps now draw from your extra usage');
    const before = await chat.messageIds();
    const geminiBefore = await contentOf(chat.messages({ speaker: 'gemini' }));

    await failed.getByRole('button', { name: 'Retry' }).click();
    const retried = chat.messages({ speaker: 'gpt', status: 'complete' });
    await retried.waitFor();
    await shot('retried-in-place');
    expect(await chat.messageIds()).toEqual(before);
    expect(await contentOf(chat.messages({ speaker: 'gemini' }))).toBe(geminiBefore);
    // Sent what it had been sent the first time: the question and Claude's reply, not Gemini's later one.
    expect(await contentOf(retried)).toMatch(/received 3 messages: system, user\[User\], user\[Claude\]:\./);
  });

  it('Regenerate as… asks another participant the same, and shows its reply beside the original', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await chat.send('@claude the first question');
    await chat.messages({ speaker: 'claude', status: 'complete' }).waitFor();
    await chat.send('@claude the second question');
    await expect.poll(() => chat.messages({ speaker: 'claude', status: 'complete' }).count()).toBe(2);

    const first = chat.messages({ speaker: 'claude', hasText: 'the first question' });
    await first.getByRole('button', { name: 'Regenerate as…' }).click();
    const choices = first.getByRole('group', { name: 'Regenerate as' });
    await choices.waitFor();
    await shot('regenerate-as-choices');
    await choices.getByRole('button', { name: 'Gemini' }).click();
    const alternative = chat.messages({ speaker: 'gemini', status: 'complete' });
    await alternative.waitFor();
    await shot('regenerated-as-gemini');
    expect(await speakers()).toEqual(['user', 'claude', 'gemini', 'user', 'claude']);
    expect(await alternative.getAttribute('class')).toContain('message--alternative');
    // Gemini was sent what Claude's first reply had been sent: the first question alone.
    expect(await contentOf(alternative)).toMatch(
      /^Fake gemini-3-flash received 2 messages: system, user\[User\]\.\s+You said: \[User\] @claude the first question/,
    );
  });

  it('names that get no reply are said under the message, and the others still answer', async () => {
    const { chat } = suite;
    await chat.newThread();
    await chat.send('@bob @gpt are you there?');
    await chat.messages({ speaker: 'gpt', status: 'complete' }).waitFor();
    const note = chat.messages({ speaker: 'user' }).locator('[data-testid="unrouted"]');
    expect(await note.textContent()).toBe('No reply from some names: @bob is not at the table.');
  });

  it('a thread is renamed, found by what was said in it, exported, deleted and imported back', async () => {
    const { page, session, chat, shot } = suite;
    const input = page.locator('.quick-input-widget input');
    const rows = page.locator('.quick-input-widget .monaco-list-row');
    await chat.newThread();
    await chat.send('@claude keep this: the zebra protocol');
    await chat.messages({ speaker: 'claude', status: 'complete' }).waitFor();

    await runCommand(page, 'Roundtable: Rename Thread…');
    // The title offered is the thread's own: the first message in plain words, without its @-mention.
    await expect.poll(() => input.inputValue()).toBe('keep this: the zebra protocol');
    await input.fill('Release notes');
    await input.press('Enter');
    await chat.threadTitle.filter({ hasText: 'Release notes' }).waitFor();

    // Found by its content: "zebra" is not in the title any more.
    await chat.newThread();
    await runCommand(page, 'Roundtable: Switch Thread…');
    await input.fill('zebra');
    const found = rows.filter({ hasText: 'Release notes' });
    await found.filter({ hasText: 'the zebra protocol' }).waitFor();
    await shot('switch-thread-search');
    await found.click();
    await chat.threadTitle.filter({ hasText: 'Release notes' }).waitFor();

    const exported = async (format: 'Markdown' | 'JSON', file: string) => {
      await runCommand(page, 'Roundtable: Export Thread…');
      await rows.filter({ hasText: format }).first().click();
      // The save dialog (VS Code's own, in code-server) starts at the workspace, named after the title.
      await expect.poll(() => input.inputValue()).toContain(file);
      await input.press('Enter');
      await page.locator('.notifications-toasts', { hasText: `Exported “Release notes”` }).first().waitFor();
      const path = join(session.runDir.workspace, file);
      await expect.poll(() => existsSync(path)).toBe(true);
      return readFileSync(path, 'utf8');
    };
    const markdown = await exported('Markdown', 'Release notes.md');
    expect(markdown).toMatch(/^# Release notes\n/);
    expect(markdown).toContain('**Claude** · ');
    expect(markdown).toContain('@claude keep this: the zebra protocol');
    const json = await exported('JSON', 'Release notes.json');
    const threadId = (JSON.parse(json) as { id: string }).id;

    await runCommand(page, 'Roundtable: Delete Thread…');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: 'Delete “Release notes”?' }).waitFor();
    await shot('delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => chat.threadTitle.textContent()).not.toBe('Release notes');
    await expect
      .poll(() => readThreadFiles(session.threadsDir).some((t) => (t.json as { id?: string }).id === threadId))
      .toBe(false);

    await runCommand(page, 'Roundtable: Import Thread…');
    // The open dialog fills in its folder once it has read it: type the file's path only after that.
    await expect.poll(() => input.inputValue()).toContain(session.runDir.workspace);
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Release notes.json' }).waitFor();
    const file = join(session.runDir.workspace, 'Release notes.json');
    await input.fill(file);
    await expect.poll(() => input.inputValue()).toBe(file);
    await input.press('Enter');
    await chat.threadTitle.filter({ hasText: 'Release notes' }).waitFor();
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'the zebra protocol' }).waitFor();
    await shot('imported-back');
    await expect
      .poll(() => readThreadFiles(session.threadsDir).some((t) => (t.json as { id?: string }).id === threadId))
      .toBe(true);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
