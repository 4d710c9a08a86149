import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatViolations, runAxe } from '../src/axe';
import { contentOf } from '../src/chatView';
import { layoutProblems, measureLayout } from '../src/layout';
import { setSidebarWidth } from '../src/sidebar';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { openFile, pickContextMenuItem, runCommand, webviewFrameHandle } from '../src/workbench';

// The composer and the view's title bar in a real VS Code: addressing a participant through the @ autocomplete,
// stopping a reply with Escape, the keybinding that focuses the message box, New Thread in the title bar, adding
// context: the selection, a workspace file (by the command, and by `#` in the message box), and the composer in a
// 240 px side bar: one row of controls, icon buttons drawn as SVGs.

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

  it('Add Selection to Chat from the editor’s context menu puts a chip in the composer that the model then reads', async () => {
    const { page, session, proxy, chat, shot } = suite;
    await writeFile(
      join(session.runDir.workspace, 'plan.ts'),
      'const first = 1;\nconst second = 2;\nconst third = 3;\n',
    );
    await openFile(page, 'plan.ts');
    const editor = page.locator('.editor-instance .monaco-editor .view-lines');
    await editor.filter({ hasText: 'const third' }).waitFor();
    // Lines 2 and 3, selected the way a user does, then the context menu.
    await editor.locator('.view-line', { hasText: 'const second' }).click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    await editor.locator('.view-line', { hasText: 'const second' }).click({ button: 'right' });
    await pickContextMenuItem(page, 'Add Selection to Chat');

    const chip = chat.frame.locator('[data-testid="context-chip"]');
    await chip.waitFor();
    expect(await chip.textContent()).toContain('plan.ts:2-3');
    await expect.poll(() => chat.composer.evaluate((el) => el === document.activeElement)).toBe(true);
    await shot('selection-chip');
    const index = proxy.requests.length;
    await chat.composer.pressSequentially('@claude what do these lines set?');
    await chat.composer.press('Enter');
    await chip.waitFor({ state: 'detached' });
    const asked = chat.messages({ speaker: 'user', hasText: 'what do these lines set?' });
    await asked.locator('.context-block summary', { hasText: 'plan.ts (lines 2-3)' }).waitFor();
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'what do these lines set?' }).waitFor();
    const request = proxy.requests.slice(index).find((r) => r.path.startsWith('/v1/chat/completions'));
    const sent = (request?.body as { messages?: { content: string }[] } | undefined)?.messages?.at(-1)?.content;
    expect(sent).toBe(
      '[User] @claude what do these lines set?\n\nSelection: plan.ts (lines 2-3)\n```typescript\nconst second = 2;\nconst third = 3;\n```',
    );
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

  it('Add File to Chat… picks a workspace file into a chip the model reads, and refuses a binary one', async () => {
    const { page, session, proxy, chat, shot } = suite;
    await chat.newThread();
    await writeFile(join(session.runDir.workspace, 'retryPolicy.ts'), 'export const attempts = 5;\n');
    await addFileToChat(page, 'retryPolicy.ts');
    const chip = chat.frame.locator('[data-testid="context-chip"]', { hasText: 'retryPolicy.ts' });
    await chip.waitFor();
    await shot('file-chip');
    const index = proxy.requests.length;
    await chat.composer.pressSequentially('@claude how many attempts?');
    await chat.composer.press('Enter');
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'how many attempts?' }).waitFor();
    const request = proxy.requests.slice(index).find((r) => r.path.startsWith('/v1/chat/completions'));
    const sent = (request?.body as { messages?: { content: string }[] } | undefined)?.messages?.at(-1)?.content;
    expect(sent).toBe(
      '[User] @claude how many attempts?\n\nFile: retryPolicy.ts\n```typescript\nexport const attempts = 5;\n```',
    );

    await writeFile(
      join(session.runDir.workspace, 'screenshot.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]),
    );
    await addFileToChat(page, 'screenshot.png');
    await page.locator('.notification-toast', { hasText: 'screenshot.png looks like a binary file' }).waitFor();
    expect(await chat.frame.locator('[data-testid="context-chip"]').count()).toBe(0);
  });

  it('# and part of a file’s name in the message box, chosen with the keyboard, adds the file as a chip the model reads', async () => {
    const { session, proxy, chat, shot } = suite;
    await chat.newThread();
    await mkdir(join(session.runDir.workspace, 'src'), { recursive: true });
    await writeFile(join(session.runDir.workspace, 'src/backoffSchedule.ts'), 'export const delays = [1, 2, 4];\n');
    await chat.composer.click();
    await chat.composer.pressSequentially('@claude which delays does #backoffS');
    const option = chat.frame.locator('[data-testid="mention-option"][data-id="src/backoffSchedule.ts"]');
    await option.waitFor();
    await expect.poll(() => chat.composer.getAttribute('aria-activedescendant')).toBe('mention-src/backoffSchedule.ts');
    expect(await chat.frame.getByRole('listbox', { name: 'Files to add' }).isVisible()).toBe(true);
    await shot('file-menu');
    await chat.composer.press('Enter'); // takes the file, sends nothing
    const chip = chat.frame.locator('[data-testid="context-chip"]', { hasText: 'backoffSchedule.ts' });
    await chip.waitFor();
    await expect.poll(() => chat.composer.inputValue()).toBe('@claude which delays does ');
    await shot('file-chip-from-hash');
    const index = proxy.requests.length;
    await chat.composer.pressSequentially('this file set?');
    await chat.composer.press('Enter');
    await chip.waitFor({ state: 'detached' });
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'this file set?' }).waitFor();
    const request = proxy.requests.slice(index).find((r) => r.path.startsWith('/v1/chat/completions'));
    const sent = (request?.body as { messages?: { content: string }[] } | undefined)?.messages?.at(-1)?.content;
    expect(sent).toBe(
      '[User] @claude which delays does this file set?\n\nFile: src/backoffSchedule.ts\n```typescript\nexport const delays = [1, 2, 4];\n```',
    );
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

/** Picks the workspace file `name` in Add File to Chat…'s quick pick. */
async function addFileToChat(page: Page, name: string): Promise<void> {
  await runCommand(page, 'Roundtable: Add File to Chat…');
  const input = page.locator('.quick-input-widget input');
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: name }).waitFor();
  await input.press('Enter');
}

/**
 * The webview's icon buttons: each shown button (and the attach label, a file picker's button) whose visible text holds
 * no letter or digit, with its name (aria-label, else title), whether it draws an SVG, and the text it shows. Text
 * kept for screen readers only (clipped to nothing) or not rendered does not count as shown.
 */
function iconButtons(frame: Frame): Promise<{ name: string; drawn: boolean; text: string }[]> {
  return frame.evaluate(() => {
    const clipped = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (getComputedStyle(node).clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    const shown = (el: Element) => el.getClientRects().length > 0 && !clipped(el);
    const visibleText = (el: Element) => {
      let text = '';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement && shown(node.parentElement)) text += node.textContent ?? '';
      }
      return text.trim();
    };
    return [...document.querySelectorAll('button, label:has(> input[type="file"])')]
      .filter((el) => shown(el) && !/[\p{L}\p{N}]/u.test(visibleText(el)))
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '',
        drawn: (el.querySelector('svg')?.getBoundingClientRect().width ?? 0) > 0,
        text: visibleText(el),
      }));
  });
}

/**
 * How many of the composer's controls show (To, Mode, Stances, attach, Send or Stop), whether they share a row, and
 * which of the To and Mode selects cut their chosen name short (its text, in the select's font, wider than its content
 * box).
 */
function composerRow(frame: Frame): Promise<{ controls: number; oneRow: boolean; cut: string[] }> {
  return frame.evaluate(() => {
    const label = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.closest('label');
    const controls = [
      label('target-select'),
      label('mode-select'),
      label('stances-toggle'),
      label('attach-image'),
      document.querySelector('[data-testid="send"], [data-testid="stop"]'),
    ].flatMap((el) => (el ? [el.getBoundingClientRect()] : []));
    const oneRow = Math.max(...controls.map((b) => b.top)) < Math.min(...controls.map((b) => b.bottom));
    const context = document.createElement('canvas').getContext('2d');
    const cut = ['target-select', 'mode-select'].flatMap((id) => {
      const select = document.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`);
      if (!select || !context) return [`${id} (not measured)`];
      const style = getComputedStyle(select);
      context.font = style.font;
      const text = context.measureText(select.selectedOptions[0]?.textContent ?? '').width;
      const sides = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
      const room =
        select.getBoundingClientRect().width - sides.reduce((sum, s) => sum + Number.parseFloat(style[s]), 0);
      // Half a pixel for the two ways of measuring text.
      return text > room + 0.5 ? [`${id}: ${text.toFixed(1)} px of text in ${room.toFixed(1)} px (${style.font})`] : [];
    });
    return { controls: controls.length, oneRow, cut };
  });
}
