import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatViolations, runAxe } from '../src/axe';
import { contentOf } from '../src/chatView';
import { addFileToChat, composerRow, iconButtons } from '../src/composerControls';
import { layoutProblems, measureLayout } from '../src/layout';
import { setSidebarWidth } from '../src/sidebar';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { openFile, webviewFrameHandle } from '../src/workbench';

// The composer and the view's title bar in a real VS Code: addressing a participant through the @ autocomplete,
// stopping a reply with Escape, the keybinding that focuses the message box, New Thread in the title bar, and the
// composer in a 240 px side bar: one row of controls, icon buttons drawn as SVGs. Context from the editor and the
// workspace is workspaceContext.e2e.test.ts's.

describe('the composer in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite({
    participants: [
      { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
      { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
    ],
  });

  it('a participant picked in the @ autocomplete answers', async () => {
    const { proxy, chat, shot } = suite;
    await chat.open();
    await chat.frame.locator('[data-testid="sidecar-status"][data-ok="true"]').waitFor();
    // A fresh profile: the Terms-of-Service notice is there, once, until read.
    const terms = chat.frame.locator('[data-testid="terms-notice"]');
    expect(await terms.textContent()).toContain('Terms of Service');
    await terms.getByRole('button', { name: 'I understand' }).click();
    await terms.waitFor({ state: 'detached' });
    await chat.newThread();
    await chat.composer.click();
    await chat.composer.pressSequentially('Over to @g');
    const menu = chat.frame.locator('[data-testid="mention-menu"]');
    await menu.waitFor();
    expect(await menu.locator('[data-testid="mention-option"]').evaluateAll((o) => o.map((e) => e.dataset.id))).toEqual(
      ['gpt'],
    );
    await shot('mention-menu');
    await chat.composer.press('Enter'); // takes the name
    await expect.poll(() => chat.composer.inputValue()).toBe('Over to @gpt ');
    await chat.composer.pressSequentially('what do you think?');
    await chat.composer.press('Enter'); // sends
    const reply = chat.messages({ speaker: 'gpt', status: 'complete' });
    await reply.waitFor();
    expect(await contentOf(reply)).toContain('Over to @gpt what do you think?');
    const models = proxy.requests
      .filter((r) => r.path.startsWith('/v1/chat/completions'))
      .map((r) => (r.body as { model?: string }).model);
    expect(models.at(-1)).toBe('gpt-5.5');
  });

  it('Escape in the message box stops a reply that is coming in', async () => {
    const { proxy, chat, shot } = suite;
    proxy.enqueue({ kind: 'reply', chunkDelayMs: 500 });
    const index = proxy.requests.length;
    await chat.send('@claude take your time');
    await chat.messages({ speaker: 'claude', status: 'streaming' }).waitFor();
    await chat.composer.press('Escape');
    await chat.messages({ speaker: 'claude', status: 'cancelled' }).waitFor();
    await shot('stopped-with-escape');
    const request = proxy.requests.findIndex((r, i) => i >= index && r.path.startsWith('/v1/chat/completions'));
    expect(await proxy.whenResponseClosed(request)).toBe('aborted');
  });

  it('during @all the panel says who answers and who is next; after Stop it continues with the skipped', async () => {
    const { proxy, chat, shot } = suite;
    await chat.newThread();
    proxy.enqueue({ kind: 'reply', chunkDelayMs: 500 });
    await chat.send('@all one after another, please');
    const status = chat.frame.locator('[data-testid="turn-status"]');
    await status.filter({ hasText: 'Claude is answering, GPT next' }).waitFor();
    expect(await status.textContent()).toContain('1 of 2');
    await shot('turn-queue');
    // Stop once Claude has said something, so its partial reply is part of what GPT is shown.
    const claude = chat.messages({ speaker: 'claude', status: 'streaming' });
    await expect.poll(async () => (await contentOf(claude)).length).toBeGreaterThan(0);
    await chat.frame.locator('[data-testid="stop"]').click();
    await chat.messages({ speaker: 'claude', status: 'cancelled' }).waitFor();
    const skipped = chat.frame.locator('[data-testid="turn-skipped"]');
    expect(await skipped.textContent()).toContain('Stopped before GPT answered.');
    await shot('turn-skipped');
    await skipped.getByRole('button', { name: 'Continue with GPT' }).click();
    const reply = chat.messages({ speaker: 'gpt', status: 'complete' });
    await reply.waitFor();
    await skipped.waitFor({ state: 'detached' });
    // GPT was shown the whole thread, Claude's stopped reply included, under its label.
    expect(await contentOf(reply)).toMatch(/received \d+ messages: system, user\[User\], user\[Claude\]/);
  });

  it('the keybinding puts the keyboard in the message box from anywhere in the window', async () => {
    const { page, chat } = suite;
    await page.locator('.part.statusbar').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Alt+R');
    await expect.poll(() => chat.composer.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('typed after the keybinding');
    await expect.poll(() => chat.composer.inputValue()).toBe('typed after the keybinding');
  });

  it('Insert at Cursor puts a code block from a reply into the open editor', async () => {
    const { page, session, chat, shot } = suite;
    await writeFile(join(session.runDir.workspace, 'notes.txt'), 'first line\n');
    await openFile(page, 'notes.txt');
    const editor = page.locator('.editor-instance .monaco-editor .view-lines');
    await editor.filter({ hasText: 'first line' }).waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');

    await chat.send('@claude show me:\n```js\nconsole.log(42);\n```');
    const reply = chat.messages({ speaker: 'claude', status: 'complete', hasText: 'show me' });
    await reply.waitFor();
    // Highlighted once its fence closed, with classes (the CSP allows no inline style).
    await reply.locator('pre > code[data-highlight="done"] .tok-function').waitFor();
    await reply.getByRole('button', { name: 'Insert at Cursor' }).click();
    await editor.filter({ hasText: 'console.log(42);' }).waitFor();
    await shot('inserted-at-cursor');
    expect(await editor.textContent()).toMatch(/first\s+line\s*console\.log\(42\);/);
  });

  it('Another round asks everyone again, each having read the whole round', async () => {
    const { proxy, chat, shot } = suite;
    await chat.newThread();
    await chat.send('@all one round each, please');
    await expect.poll(() => chat.messages({ status: 'complete' }).count()).toBe(3);
    const round = chat.frame.locator('[data-testid="turn-round"]');
    await round.filter({ hasText: 'Round 1 of 3' }).waitFor();
    const index = proxy.requests.length;
    await round.getByRole('button', { name: 'Another round' }).click();
    await round.filter({ hasText: 'Round 2 of 3' }).waitFor();
    await shot('another-round');
    expect(await chat.messages({ speaker: 'claude', status: 'complete' }).count()).toBe(2);
    expect(await chat.messages({ speaker: 'gpt', status: 'complete' }).count()).toBe(2);
    // Claude's second request holds the whole first round: its own reply, then GPT's under its label.
    const claudeAgain = proxy.requests
      .slice(index)
      .find((r) => (r.body as { model?: string } | undefined)?.model === 'claude-sonnet-4-6');
    const sent = (claudeAgain?.body as { messages?: { role: string; content: string }[] } | undefined)?.messages ?? [];
    const roles = sent.map((m) => (m.role === 'user' ? m.content.slice(0, 7) : m.role));
    expect(roles).toEqual(['system', '[User] ', 'assistant', '[GPT]: ']);
  });

  it('a reply’s Prompt opens what it was sent in a read-only editor, and compares it with the other reply’s', async () => {
    const { page, chat, shot } = suite;
    await chat.newThread();
    await chat.send('@all compare notes');
    const gpt = chat.messages({ speaker: 'gpt', status: 'complete' });
    await gpt.waitFor();
    await gpt.getByRole('button', { name: 'Prompt: what GPT was sent' }).click();
    const picks = page.locator('.quick-input-widget .monaco-list-row');
    await picks.filter({ hasText: "Compare with Claude's prompt" }).waitFor();
    await picks.filter({ hasText: "Show GPT's prompt" }).click();
    const tab = page.locator('.tabs-container .tab.active', { hasText: "GPT's prompt" });
    await tab.waitFor();
    const lines = page.locator('.editor-instance .monaco-editor .view-lines');
    await lines.filter({ hasText: 'What GPT was sent' }).waitFor();
    // The editor draws spaces as no-break spaces.
    expect((await lines.first().textContent())?.replaceAll('\u00a0', ' ')).toContain('- Model: gpt-5.5');
    await shot('prompt-inspector');

    await gpt.getByRole('button', { name: 'Prompt: what GPT was sent' }).click();
    await picks.filter({ hasText: "Compare with Claude's prompt" }).click();
    await page.locator('.tabs-container .tab.active', { hasText: "GPT's prompt ↔ Claude's prompt" }).waitFor();
    await page.locator('.monaco-diff-editor').first().waitFor();
    await shot('prompt-compare');
  });

  it('in a 240 px side bar the composer keeps one row, and every icon button is an SVG, never a text glyph', async () => {
    const { page, session, proxy, chat, shot } = suite;
    await chat.newThread();
    // A stopped turn and a file chip bring their icon buttons (Dismiss, Remove) beside the composer's own.
    proxy.enqueue({ kind: 'reply', chunkDelayMs: 500 });
    await chat.send('@all one after another, please');
    await chat.messages({ speaker: 'claude', status: 'streaming' }).waitFor();
    await chat.frame.locator('[data-testid="stop"]').click();
    await chat.frame.locator('[data-testid="turn-skipped"]').waitFor();

    expect(await setSidebarWidth(page, 240)).toBe(240);
    const frame = await webviewFrameHandle(page, session.extension.id);
    await expect.poll(() => frame.evaluate(() => document.documentElement.clientWidth)).toBeLessThanOrEqual(240);
    await chat.composer.click();
    await chat.composer.pressSequentially('@');
    await chat.frame.locator('[data-testid="mention-menu"]').waitFor();
    // The open menu and its box break no ARIA rule at any impact (a role or attribute the element may not have).
    const aria = (await runAxe(frame)).filter((v) => v.id.startsWith('aria-'));
    expect(formatViolations(aria), 'ARIA rules with the @ menu open').toBe('');
    await chat.composer.press('Escape');
    await chat.composer.fill('');
    await writeFile(join(session.runDir.workspace, 'iconCheck.ts'), 'export {};\n');
    await addFileToChat(page, 'iconCheck.ts');
    await chat.frame.locator('[data-testid="context-chip"]', { hasText: 'iconCheck.ts' }).waitFor();

    const buttons = await iconButtons(frame);
    expect(buttons.map((b) => b.name)).toEqual(
      expect.arrayContaining([
        'Attach images (or paste or drop them into the box)',
        'Remove iconCheck.ts',
        'Dismiss: do not continue',
        'Send', // only its icon at this width
      ]),
    );
    expect(buttons.filter((b) => !b.drawn || b.text !== '')).toEqual([]);
    expect(await composerRow(frame)).toEqual({ controls: 4, oneRow: true, cut: [] });
    expect(layoutProblems(await measureLayout(frame)), 'layout at 240 px').toEqual([]);

    // Council mode adds the Stances toggle to the row; the names still show whole, in VS Code's own font.
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('council');
    await chat.frame.locator('[data-testid="stances-toggle"]').waitFor();
    expect(await composerRow(frame)).toEqual({ controls: 5, oneRow: true, cut: [] });
    expect(layoutProblems(await measureLayout(frame)), 'layout at 240 px in Council mode').toEqual([]);
    await shot('composer-240px');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
