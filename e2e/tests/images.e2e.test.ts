import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { readThreadFiles } from '../src/threadFiles';
import { reloadWindow, runCommand } from '../src/workbench';

// A screenshot at the table in a real VS Code: pasted into the message box, it reaches the seat that reads images as
// an image part and the other as a line saying it was left out (the fake proxy's echo shows which); it is stored
// once beside the threads, shown from there after a reload, and goes out with an export and back in with an import.

/** A real 2x2 PNG (red, green, blue, white). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=',
  'base64',
);

describe('images in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite({
    participants: [
      { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
      { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true, vision: false },
    ],
  });

  it('a pasted PNG reaches the vision seat as an image part and the other as a line; it survives a reload, an export and an import', async () => {
    const { page, session, chat, proxy, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();

    // A real paste event carrying a file, as the clipboard gives one.
    await chat.composer.evaluate(
      (box, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'shot.png', { type: 'image/png' }));
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [...PNG],
    );
    const chip = chat.frame.locator('[data-testid="image-chip"] img[alt="shot.png"]');
    await chip.waitFor();
    await expect.poll(() => chip.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    await shot('image-chip');

    const index = proxy.requests.length;
    await chat.send('@claude @gpt what colours are these?');
    const claude = chat.messages({ speaker: 'claude', status: 'complete' });
    const gpt = chat.messages({ speaker: 'gpt', status: 'complete' });
    await claude.waitFor();
    await gpt.waitFor();
    await expect(claude.textContent()).resolves.toContain(`[image part: image/png, ${PNG.length} bytes]`);
    const sent = proxy.requests.slice(index).filter((r) => r.path === '/v1/chat/completions');
    // The question is the first message after the system prompt, in both seats' requests.
    const questionTo = (model: string) => {
      const body = sent.find((r) => (r.body as { model?: string }).model === model)?.body;
      return (body as { messages?: { content: unknown }[] } | undefined)?.messages?.[1]?.content;
    };
    expect(questionTo('claude-sonnet-4-6')).toEqual([
      { type: 'text', text: '[User] @claude @gpt what colours are these?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
    ]);
    expect(questionTo('gpt-5.5')).toBe(
      `[User] @claude @gpt what colours are these?\n\n[Image left out: shot.png (PNG, ${PNG.length} bytes); this seat does not read images.]`,
    );
    await expect(gpt.textContent()).resolves.toContain('Fake gpt-5.5 received 3 messages');

    // Stored once, beside the threads, and named (never inlined) by the thread file.
    const assets = join(session.threadsDir, '..', 'assets');
    const stored = join(assets, `${createHash('sha256').update(PNG).digest('hex')}.png`);
    await expect.poll(() => existsSync(stored)).toBe(true);
    await expect
      .poll(() => readThreadFiles(session.threadsDir).some((t) => t.text.includes('"images"')), { timeout: 30_000 })
      .toBe(true);
    expect(readThreadFiles(session.threadsDir).some((t) => t.text.includes(PNG.toString('base64')))).toBe(false);

    await reloadWindow(page);
    await chat.open();
    const shown = chat.messages({ speaker: 'user', hasText: 'what colours' }).locator('img[alt="shot.png"]');
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    await shot('image-after-reload');

    // Export to JSON carries the bytes; after the thread and its image are gone, Import brings both back.
    const input = page.locator('.quick-input-widget input');
    await runCommand(page, 'Roundtable: Export Thread…');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'JSON' }).first().click();
    await expect.poll(() => input.inputValue()).toContain('.json');
    const exportedTo = await input.inputValue();
    await input.press('Enter');
    await expect.poll(() => existsSync(exportedTo)).toBe(true);
    const exported = JSON.parse(readFileSync(exportedTo, 'utf8')) as { images?: Record<string, string> };
    expect(Object.values(exported.images ?? {})).toEqual([PNG.toString('base64')]);

    await runCommand(page, 'Roundtable: Delete Thread…');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => chat.messages({ hasText: 'what colours' }).count()).toBe(0);

    await runCommand(page, 'Roundtable: Import Thread…');
    await expect.poll(() => input.inputValue()).toContain(session.runDir.workspace);
    await input.fill(exportedTo);
    await expect.poll(() => input.inputValue()).toBe(exportedTo);
    await input.press('Enter');
    const imported = chat.messages({ speaker: 'user', hasText: 'what colours' }).locator('img[alt="shot.png"]');
    await imported.waitFor();
    await expect.poll(() => imported.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    expect(existsSync(stored)).toBe(true);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
