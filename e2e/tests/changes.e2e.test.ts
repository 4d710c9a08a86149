import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeProxy } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { openFile } from '../src/workbench';

// A change a reply proposes, in a real VS Code: as a unified diff, Review change opens the diff editor between the
// file and the proposal, Apply writes it as one undo step and leaves it unsaved, and a diff that does not apply says
// why and writes nothing; as a block naming its file, the same with the block's whole content (a new file created),
// while a block that is only a part of the file it names does not replace it (Insert at Cursor and Review change are
// offered instead); a renamed file reviewed and moved; and two seats' proposals for one file side by side (Compare
// proposals), then asked of the table for review.

const CLAUDE = 'claude-sonnet-4-6';
const GPT = 'gpt-5.5';
const FILE = 'function retry() {\n  return 3;\n}\n\nexport { retry };\n';
const diffReply = (from: string, to: string) =>
  [
    'Raise it:',
    '',
    '```diff',
    '--- a/retry.ts',
    '+++ b/retry.ts',
    '@@ -1,3 +1,3 @@',
    ' function retry() {',
    `-  return ${from};`,
    `+  return ${to};`,
    ' }',
    '```',
    '',
  ].join('\n');

describe('proposed changes in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite({
    startProxy: () => startFakeProxy(),
    settings: (proxy) => ({
      ...roundtableSettings(proxy.url, [
        { id: 'claude', displayName: 'Claude', color: '#D97706', model: CLAUDE, enabled: true },
        { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: GPT, enabled: true },
      ]),
      // VS Code in a browser saves after a second by default; the desktop does not, which is what "unsaved" means here.
      'files.autoSave': 'off',
    }),
  });

  it('Review change opens the diff editor; Apply changes the file, unsaved, and one undo restores it', async () => {
    const { page, session, proxy, chat, shot } = suite;
    const file = join(session.runDir.workspace, 'retry.ts');
    await writeFile(file, FILE);
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    proxy.enqueue({ kind: 'reply', text: diffReply('3', '5') });
    await chat.send('@claude raise the retries');
    const reply = chat.messages({ speaker: 'claude', status: 'complete' });
    await reply.waitFor();

    await reply.getByRole('button', { name: 'Review change' }).click();
    await page.locator('.tabs-container .tab.active', { hasText: 'retry.ts ↔ proposed change' }).waitFor();
    const diffEditor = page.locator('.monaco-diff-editor').first();
    await diffEditor.locator('.editor.original .view-lines', { hasText: 'return 3;' }).waitFor();
    await diffEditor.locator('.editor.modified .view-lines', { hasText: 'return 5;' }).waitFor();
    await shot('review-change');
    expect(await readFile(file, 'utf8')).toBe(FILE);

    await reply.getByRole('button', { name: 'Apply change' }).click();
    const editor = page.locator('.editor-instance .monaco-editor .view-lines');
    await page.locator('.tabs-container .tab.active.dirty', { hasText: 'retry.ts' }).waitFor();
    await editor.filter({ hasText: 'return 5;' }).waitFor();
    await shot('applied-change');
    expect(await readFile(file, 'utf8')).toBe(FILE); // left unsaved
    await editor.first().click();
    await page.keyboard.press('Control+Z');
    await editor.filter({ hasText: 'return 3;' }).waitFor();
  });

  it('a diff that does not apply says which hunk and why, and writes nothing', async () => {
    const { session, proxy, chat } = suite;
    const file = join(session.runDir.workspace, 'retry.ts');
    await chat.newThread();
    proxy.enqueue({ kind: 'reply', text: diffReply('7', '9') });
    await chat.send('@claude change it again');
    const reply = chat.messages({ speaker: 'claude', status: 'complete', hasText: 'Raise it' });
    await reply.waitFor();
    await reply.getByRole('button', { name: 'Apply change' }).click();
    const notice = chat.frame.locator('[data-testid="notice"]', { hasText: 'does not apply' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('retry.ts: Hunk 1 (@@ -1,3 +1,3 @@)');
    expect(await readFile(file, 'utf8')).toBe(FILE);
  });

  it('a block naming its file: Review change shows the whole new file; Apply replaces it, or creates a new one', async () => {
    const { page, session, proxy, chat, shot } = suite;
    const file = join(session.runDir.workspace, 'retry.ts');
    await chat.newThread();
    const whole = FILE.replace('return 3', 'return 7');
    const created = 'export const tries = 7;\n';
    proxy.enqueueFor(CLAUDE, {
      kind: 'reply',
      text: `The whole file:\n\n\`\`\`ts title="retry.ts"\n${whole}\`\`\`\n\nAnd a new one:\n\n\`\`\`ts\n// lib/tries.ts\n${created}\`\`\`\n`,
    });
    await chat.send('@claude rewrite it');
    const reply = chat.messages({ speaker: 'claude', status: 'complete', hasText: 'The whole file' });
    await reply.waitFor();

    await reply.getByRole('button', { name: 'Review change' }).first().click();
    await page.locator('.tabs-container .tab.active', { hasText: 'retry.ts ↔ proposed change' }).waitFor();
    const diffEditor = page.locator('.monaco-diff-editor').first();
    await diffEditor.locator('.editor.original .view-lines', { hasText: 'return 3;' }).waitFor();
    await diffEditor.locator('.editor.modified .view-lines', { hasText: 'return 7;' }).waitFor();
    await shot('review-named-file');

    await reply.getByRole('button', { name: 'Apply change' }).first().click();
    const editor = page.locator('.editor-instance .monaco-editor .view-lines');
    await page.locator('.tabs-container .tab.active.dirty', { hasText: 'retry.ts' }).waitFor();
    await editor.filter({ hasText: 'return 7;' }).waitFor();
    expect(await readFile(file, 'utf8')).toBe(FILE); // left unsaved
    await editor.first().click();
    await page.keyboard.press('Control+Z');
    await editor.filter({ hasText: 'return 3;' }).waitFor();

    // The comment that named the new file is not written into it.
    await reply.getByRole('button', { name: 'Apply change' }).nth(1).click();
    await page.locator('.tabs-container .tab.active', { hasText: 'tries.ts' }).waitFor();
    await editor.filter({ hasText: 'export const tries = 7;' }).waitFor();
    expect(await editor.first().textContent()).not.toContain('lib/tries.ts');
    await shot('applied-new-file');
  });

  it('a block that is a part of the file it names: Apply does not replace the file, and offers Insert and Review', async () => {
    const { page, session, proxy, chat, shot } = suite;
    const file = join(session.runDir.workspace, 'steps.ts');
    const steps = Array.from({ length: 40 }, (_, i) => `export const step${i} = ${i};`).join('\n');
    await writeFile(file, `${steps}\n`);
    await openFile(page, 'steps.ts');
    const editor = page.locator('.editor-instance .monaco-editor .view-lines');
    // The line the snippet replaces, selected.
    await editor.locator('.view-line', { hasText: 'step7 = 7;' }).click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await chat.newThread();
    proxy.enqueueFor(CLAUDE, {
      kind: 'reply',
      text: 'Only step 7:\n\n```ts\n// steps.ts\nexport const step7 = 70;\n// ... rest unchanged\n```\n',
    });
    await chat.send('@claude change step 7');
    const reply = chat.messages({ speaker: 'claude', status: 'complete', hasText: 'Only step 7' });
    await reply.waitFor();

    await reply.getByRole('button', { name: 'Apply change' }).click();
    const notice = chat.frame.locator('[data-testid="notice"]', { hasText: 'steps.ts was not replaced' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('it marks code as left out: “// ... rest unchanged”');
    await shot('apply-refuses-a-part');
    expect(await readFile(file, 'utf8')).toBe(`${steps}\n`);
    expect(await page.locator('.tabs-container .tab.dirty', { hasText: 'steps.ts' }).count()).toBe(0);

    // Insert at Cursor puts the block where the user selected, leaving the rest of the file.
    await notice.getByRole('button', { name: 'Insert at Cursor' }).click();
    await editor.filter({ hasText: 'step7 = 70;' }).waitFor();
    await page.locator('.tabs-container .tab.active.dirty', { hasText: 'steps.ts' }).waitFor();
    // (Monaco draws spaces as no-break spaces.)
    expect(await editor.textContent()).toMatch(/step6\s=\s6;\/\/\ssteps\.ts/);
    await notice.getByRole('button', { name: 'Review change' }).click();
    await page.locator('.tabs-container .tab.active', { hasText: 'steps.ts ↔ proposed part' }).waitFor();
    expect(await readFile(file, 'utf8')).toBe(`${steps}\n`);
  });

  it('a renamed file: Review change shows the old file beside the new one; Apply moves and changes it, one undo step', async () => {
    const { page, session, proxy, chat, shot } = suite;
    const workspace = session.runDir.workspace;
    await writeFile(join(workspace, 'old-name.ts'), 'export const name = 1;\n');
    await chat.newThread();
    const rename = [
      'diff --git a/old-name.ts b/lib/new-name.ts',
      'similarity index 80%',
      'rename from old-name.ts',
      'rename to lib/new-name.ts',
      '--- a/old-name.ts',
      '+++ b/lib/new-name.ts',
      '@@ -1 +1 @@',
      '-export const name = 1;',
      '+export const name = 2;',
    ].join('\n');
    proxy.enqueueFor(CLAUDE, { kind: 'reply', text: `Rename it:\n\n\`\`\`diff\n${rename}\n\`\`\`\n` });
    await chat.send('@claude move it');
    const reply = chat.messages({ speaker: 'claude', status: 'complete', hasText: 'Rename it' });
    await reply.waitFor();

    await reply.getByRole('button', { name: 'Review change' }).click();
    const title = 'old-name.ts → lib/new-name.ts ↔ proposed change';
    await page.locator('.tabs-container .tab.active', { hasText: title }).waitFor();
    const diffEditor = page.locator('.monaco-diff-editor').first();
    await diffEditor.locator('.editor.original .view-lines', { hasText: 'name = 1;' }).waitFor();
    await diffEditor.locator('.editor.modified .view-lines', { hasText: 'name = 2;' }).waitFor();

    await reply.getByRole('button', { name: 'Apply change' }).click();
    await chat.frame
      .locator('[data-testid="notice"]', { hasText: `Applied to old-name.ts → lib/new-name.ts` })
      .waitFor();
    await page.locator('.tabs-container .tab.active.dirty', { hasText: 'new-name.ts' }).waitFor();
    const editor = page.locator('.editor-instance .monaco-editor .view-lines');
    await editor.filter({ hasText: 'name = 2;' }).waitFor();
    await shot('applied-rename');
    // Moved on disk, its change left unsaved at the new path.
    expect(await readFile(join(workspace, 'lib/new-name.ts'), 'utf8')).toBe('export const name = 1;\n');
    await expect(readFile(join(workspace, 'old-name.ts'), 'utf8')).rejects.toThrow();
    await editor.first().click();
    await page.keyboard.press('Control+Z');
    // One undo step: the change and the move are both undone.
    await page.locator('.tabs-container .tab.active', { hasText: 'old-name.ts' }).waitFor();
    const onDisk = (path: string) => readFile(join(workspace, path), 'utf8').catch(() => undefined);
    await expect.poll(() => onDisk('old-name.ts')).toBe('export const name = 1;\n');
    expect(await onDisk('lib/new-name.ts')).toBeUndefined();
    await editor.filter({ hasText: 'name = 1;' }).waitFor();
  });

  it('Compare proposals shows two seats’ versions of a file side by side; the table can review one', async () => {
    const { page, session, proxy, chat, shot } = suite;
    const file = join(session.runDir.workspace, 'limits.ts');
    const before = 'export const limit = 10;\n';
    await writeFile(file, before);
    await chat.newThread();
    proxy.enqueueFor(CLAUDE, {
      kind: 'reply',
      text: 'Double it:\n\n```diff\n--- a/limits.ts\n+++ b/limits.ts\n@@ -1 +1 @@\n-export const limit = 10;\n+export const limit = 20;\n```\n',
    });
    proxy.enqueueFor(GPT, {
      kind: 'reply',
      text: 'Triple it:\n\n```ts title="limits.ts"\nexport const limit = 30;\n```\n',
    });
    await chat.send('@claude @gpt raise the limit');
    const claude = chat.messages({ speaker: 'claude', status: 'complete', hasText: 'Double it' });
    await claude.waitFor();
    await chat.messages({ speaker: 'gpt', status: 'complete', hasText: 'Triple it' }).waitFor();

    await claude.getByRole('button', { name: 'Compare proposals' }).click();
    await page
      .locator('.tabs-container .tab.active', { hasText: 'limits.ts: Claude’s proposal ↔ GPT’s proposal' })
      .waitFor();
    const diffEditor = page.locator('.monaco-diff-editor').first();
    await diffEditor.locator('.editor.original .view-lines', { hasText: 'limit = 20;' }).waitFor();
    await diffEditor.locator('.editor.modified .view-lines', { hasText: 'limit = 30;' }).waitFor();
    await shot('compare-proposals');
    expect(await readFile(file, 'utf8')).toBe(before);

    // Asked of the table from the change: GPT reviews Claude's reply, told to look at its change to limits.ts first.
    const asked = proxy.requests.length;
    proxy.enqueueFor(GPT, { kind: 'reply', text: 'Verdict: 20 is the safer step.' });
    await claude.getByRole('button', { name: 'Ask the table to review this change' }).click();
    await chat.frame.locator('[data-testid="review"]', { hasText: '20 is the safer step' }).waitFor();
    const review = proxy.requests.slice(asked).find((r) => JSON.stringify(r.body).includes('Review Response A'));
    expect(JSON.stringify(review?.body)).toContain('Response A proposes a change to limits.ts');

    // A second proposal of Claude's: Compare on GPT's block asks which, the newest first.
    proxy.enqueueFor(CLAUDE, {
      kind: 'reply',
      text: 'Or more:\n\n```ts\n// limits.ts\nexport const limit = 40;\n```\n',
    });
    await chat.send('@claude once more');
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'Or more' }).waitFor();
    const gpt = chat.messages({ speaker: 'gpt', status: 'complete', hasText: 'Triple it' });
    await gpt.getByRole('button', { name: 'Compare proposals' }).click();
    const picker = page.locator('.quick-input-widget', { hasText: 'Compare with which proposal?' });
    await picker.locator('.monaco-list-row', { hasText: 'Claude’s proposal' }).nth(1).waitFor();
    await shot('compare-which');
    await page.keyboard.press('Enter');
    await page
      .locator('.tabs-container .tab.active', { hasText: 'limits.ts: GPT’s proposal ↔ Claude’s proposal' })
      .waitFor();
    const again = page.locator('.monaco-diff-editor').first();
    await again.locator('.editor.original .view-lines', { hasText: 'limit = 30;' }).waitFor();
    await again.locator('.editor.modified .view-lines', { hasText: 'limit = 40;' }).waitFor();
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
