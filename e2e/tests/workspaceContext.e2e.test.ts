import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeProxy } from '@roundtable/testkit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, type Suite, useSuite } from '../src/suite';
import { openFile, runCommand } from '../src/workbench';

// The working tree's changes and the editor's problems as context, in a real VS Code: the workspace is a git
// repository made before code-server starts, so VS Code's own Git extension finds it the way it finds a user's.

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

/** What the fake proxy was last asked: the user message of the newest chat request from `index` on. */
function lastUserMessage(suite: Suite, index: number): string | undefined {
  const request = suite.proxy.requests.slice(index).find((r) => r.path.startsWith('/v1/chat/completions'));
  return (request?.body as { messages?: { content: string }[] } | undefined)?.messages?.at(-1)?.content;
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

describe('changes and problems as context in a real VS Code (code-server + Chromium)', () => {
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
    const sent = lastUserMessage(suite, index) ?? '';
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
    const sent = lastUserMessage(suite, index) ?? '';
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
    const sent = lastUserMessage(suite, index) ?? '';
    expect(sent).toMatch(/^\[User\] @claude why is it broken\?\n\nProblems: broken\.json\n```\n/);
    expect(sent).toMatch(/\nbroken\.json:2:\d+ error: [^\n]+\n/);
    // Closed, so the JSON language server has no request in flight when the window goes.
    await runCommand(page, 'View: Close All Editors');
    await page.locator('.editor-instance .monaco-editor').waitFor({ state: 'detached' });
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
