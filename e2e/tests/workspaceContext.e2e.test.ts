import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeProxy } from '@roundtable/testkit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addFileToChat } from '../src/composerControls';
import { lastUserMessage } from '../src/proxyRequests';
import { roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { openFile, pickContextMenuItem, runCommand } from '../src/workbench';

// Context from the editor and the workspace, in a real VS Code: the selection (from the editor's context menu), a
// workspace file (by Add File to Chat…, and by `#` in the message box), the working tree's changes and the editor's
// problems. The workspace is a git repository made before code-server starts, so VS Code's own Git extension finds it
// the way it finds a user's.

const FILE = 'export function retry() {\n  return 3;\n}\n';

/** A repository with one commit; git here reads no global or system config (no signing, hooks or templates). */
function makeRepository(workspace: string): void {
  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, env, stdio: 'pipe' });
  git('init', '--quiet', '--initial-branch=main');
  writeFileSync(join(workspace, 'retry.ts'), FILE);
  git('add', 'retry.ts');
  git('-c', 'user.name=Roundtable Test', '-c', 'user.email=test@example.invalid', 'commit', '--quiet', '-m', 'first');
}

/** Picks the quick pick's row whose label starts with `label` (case and all), with the keyboard. */
async function pick(page: Page, label: string): Promise<void> {
  const row = page.locator(`.quick-input-widget .monaco-list-row[aria-label^="${label}"]`).first();
  await row.waitFor();
  const focused = row.and(page.locator('.focused'));
  for (let i = 0; i < 5 && (await focused.count()) === 0; i++) await page.keyboard.press('ArrowDown');
  await focused.waitFor();
  await page.keyboard.press('Enter');
}

describe('editor and workspace context in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite({
    startProxy: () => startFakeProxy(),
    // The clean workbench turns Git off; this file is about it.
    settings: (proxy) => ({ ...roundtableSettings(proxy.url), 'git.enabled': true }),
    prepareWorkspace: makeRepository,
  });

  it('Add Changes to Chat… puts the unstaged diff (and an untracked file) in a chip the model reads', async () => {
    const { page, session, chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    await writeFile(join(session.runDir.workspace, 'retry.ts'), FILE.replace('return 3;', 'return 5;'));
    await writeFile(join(session.runDir.workspace, 'NOTES.md'), 'Retries go up to 5.\n');
    // Git has seen both: the Source Control badge counts them.
    await page.locator('.activitybar [aria-label^="Source Control"] .badge', { hasText: '2' }).waitFor();

    await runCommand(page, 'Roundtable: Add Changes to Chat…');
    await pick(page, 'Unstaged changes');
    const chip = chat.frame.locator('[data-testid="context-chip"][data-kind="changes"]');
    await chip.waitFor();
    expect(await chip.textContent()).toContain('Unstaged changes');
    await shot('changes-chip');

    const index = suite.proxy.requests.length;
    await chat.composer.pressSequentially('@claude what changed?');
    await chat.composer.press('Enter');
    await chip.waitFor({ state: 'detached' });
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'what changed?' }).waitFor();
    const sent = lastUserMessage(suite.proxy, index) ?? '';
    expect(sent).toMatch(/^\[User\] @claude what changed\?\n\nUnstaged changes: the workspace\n```diff\n/);
    expect(sent).toContain('diff --git a/retry.ts b/retry.ts\n');
    expect(sent).toContain('-  return 3;\n+  return 5;\n');
    expect(sent).toContain(
      'diff --git a/NOTES.md b/NOTES.md\nnew file mode 100644\n--- /dev/null\n+++ b/NOTES.md\n@@ -0,0 +1 @@\n+Retries go up to 5.\n',
    );
  });

  it('with nothing staged, Staged changes says so and adds nothing; both against HEAD is the same diff', async () => {
    const { page, chat } = suite;
    await runCommand(page, 'Roundtable: Add Changes to Chat…');
    await pick(page, 'Staged changes');
    await page.locator('.notification-toast', { hasText: 'no staged changes in workspace' }).waitFor();
    expect(await chat.frame.locator('[data-testid="context-chip"]').count()).toBe(0);

    await runCommand(page, 'Roundtable: Add Changes to Chat…');
    await pick(page, 'Staged and unstaged changes');
    const chip = chat.frame.locator('[data-testid="context-chip"][data-kind="changes"]');
    await chip.waitFor();
    const index = suite.proxy.requests.length;
    await chat.composer.pressSequentially('@claude and against HEAD?');
    await chat.composer.press('Enter');
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'against HEAD?' }).waitFor();
    const sent = lastUserMessage(suite.proxy, index) ?? '';
    expect(sent).toMatch(/^\[User\] @claude and against HEAD\?\n\nChanges: the workspace\n```diff\n/);
    expect(sent).toContain('-  return 3;\n+  return 5;\n');
    expect(sent).toContain('+++ b/NOTES.md\n');
  });

  it('Add Problems to Chat… puts the open file’s problems in a chip the model reads', async () => {
    const { page, session, chat, shot } = suite;
    await writeFile(join(session.runDir.workspace, 'broken.json'), '{\n  "retries": 5,,\n}\n');
    // The keyboard back to the workbench (it was in the chat's message box), for Quick Open's Ctrl+P.
    await page.locator('.part.editor').click();
    await openFile(page, 'broken.json');
    // The JSON language server has reported on it: the editor underlines the error.
    await page.locator('.editor-instance .monaco-editor .squiggly-error').first().waitFor();

    await runCommand(page, 'Roundtable: Add Problems to Chat…');
    await pick(page, 'Problems in broken.json');
    const chip = chat.frame.locator('[data-testid="context-chip"][data-kind="problems"]');
    await chip.waitFor();
    expect(await chip.textContent()).toContain('broken.json');
    await shot('problems-chip');

    const index = suite.proxy.requests.length;
    await chat.composer.pressSequentially('@claude why is it broken?');
    await chat.composer.press('Enter');
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'why is it broken?' }).waitFor();
    const sent = lastUserMessage(suite.proxy, index) ?? '';
    expect(sent).toMatch(/^\[User\] @claude why is it broken\?\n\nProblems: broken\.json\n```\n/);
    expect(sent).toMatch(/\nbroken\.json:2:\d+ error: [^\n]+\n/);
    // Closed, so the JSON language server has no request in flight when the window goes.
    await runCommand(page, 'View: Close All Editors');
    await page.locator('.editor-instance .monaco-editor').waitFor({ state: 'detached' });
  });

  it('Add Selection to Chat from the editor’s context menu puts a chip in the composer that the model then reads', async () => {
    const { page, session, proxy, chat, shot } = suite;
    await chat.newThread();
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
    const sent = lastUserMessage(proxy, index);
    expect(sent).toBe(
      '[User] @claude what do these lines set?\n\nSelection: plan.ts (lines 2-3)\n```typescript\nconst second = 2;\nconst third = 3;\n```',
    );
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
    const sent = lastUserMessage(proxy, index);
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
    const sent = lastUserMessage(proxy, index);
    expect(sent).toBe(
      '[User] @claude which delays does this file set?\n\nFile: src/backoffSchedule.ts\n```typescript\nexport const delays = [1, 2, 4];\n```',
    );
  });

  it('a file created while the # list is open joins the list, with no key pressed', async () => {
    const { session, chat } = suite;
    await chat.newThread();
    await mkdir(join(session.runDir.workspace, 'src'), { recursive: true });
    await writeFile(join(session.runDir.workspace, 'src/jitterBounds.ts'), 'export const low = 0.5;\n');
    await chat.composer.click();
    await chat.composer.pressSequentially('#jitter');
    const option = (path: string) => chat.frame.locator(`[data-testid="mention-option"][data-id="${path}"]`);
    await option('src/jitterBounds.ts').waitFor();
    await writeFile(join(session.runDir.workspace, 'src/jitterSeed.ts'), 'export const seed = 7;\n');
    // VS Code's watcher tells the host; the host reads the files again and answers the open query anew.
    await option('src/jitterSeed.ts').waitFor();
    expect(await chat.composer.inputValue()).toBe('#jitter');
    await chat.composer.press('Escape');
    await chat.composer.fill('');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
