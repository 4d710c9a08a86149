import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeProxy } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// A change a reply proposes as a unified diff, in a real VS Code: Review change opens the diff editor between the
// file and the proposal; Apply writes it as one undo step and leaves it unsaved; a diff that does not apply says why
// and writes nothing.

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
        { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
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
    const terms = chat.frame.locator('[data-testid="terms-notice"]');
    if (await terms.isVisible()) await terms.getByRole('button', { name: 'I understand' }).click();
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

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
