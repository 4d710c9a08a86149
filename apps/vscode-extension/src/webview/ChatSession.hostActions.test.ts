import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { viewSignal, webviewIntent } from '@roundtable/core/protocol';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { disposeSessions, FakeWebview, REVEALABLE, setupSession } from '../../test/support/chatSession';

afterEach(disposeSessions);

describe('ChatSession: the host’s actions', () => {
  test('a pasted image is stored once in the assets folder, under its SHA-256, and waits in the composer', async () => {
    const { session, storageRoot } = setupSession();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const data = png.toString('base64');
    await page.send(webviewIntent('image/attach', 'r1', { name: 'shot.png', data }));
    await page.send(webviewIntent('image/attach', 'r2', { name: 'again.png', data }));
    await page.send(webviewIntent('image/attach', 'r3', { data: Buffer.from('GIF8x').toString('base64') }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(3));
    const [file, ...others] = readdirSync(join(storageRoot, 'assets'));
    expect(others).toEqual([]);
    expect(file).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(readFileSync(join(storageRoot, 'assets', file ?? ''))).toEqual(png);
    expect(session.controller.context.currentImages.map((i) => i.image.name)).toEqual(['shot.png']);
    const refused = page.posted.find((m) => m.type === 'request/done' && m.payload.requestId === 'r3');
    expect(refused?.type === 'request/done' && refused.payload).toMatchObject({
      ok: false,
      reason: 'The image is not a PNG, JPEG, GIF or WebP image.',
    });
  });

  test('reveal resolves only the repository’s own names; links go out only after the scheme check', async () => {
    const { session, revealed, links } = setupSession();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await page.send(webviewIntent('storage/reveal', 'r1', { threadId: 'here' }));
    await page.send(webviewIntent('storage/reveal', 'r2', { threadId: '../etc' }));
    await page.send(webviewIntent('link/open', 'r3', { url: 'command:workbench.action.terminal.new' }));
    await page.send(webviewIntent('link/open', 'r4', { url: 'https://example.com/docs' }));
    await page.send(webviewIntent('storage/reveal', 'r5', { threadId: 'unsaved' }));
    await page.send(webviewIntent('storage/reveal', 'r6', { threadId: 'nowhere' }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(6));
    // A thread never saved is revealed through its folder.
    expect(revealed.sort()).toEqual([REVEALABLE.folder, REVEALABLE.file].sort());
    expect(links).toEqual(['https://example.com/docs']);
    const results = page.posted
      .flatMap((m) => (m.type === 'request/done' ? [m.payload] : []))
      .sort((a, b) => a.requestId.localeCompare(b.requestId));
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true, true, false]);
    expect(results[2]).toMatchObject({ reason: expect.stringContaining('"command:" is not allowed') });
  });

  test('a code block goes into the editor only when one is open, and opens in a new file in its language', async () => {
    const { session, editor } = setupSession();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await page.send(webviewIntent('code/insert', 'r1', { code: 'print(1)\n' }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(1));
    editor.open = true;
    await page.send(webviewIntent('code/insert', 'r2', { code: 'print(2)\n' }));
    await page.send(webviewIntent('code/newFile', 'r3', { code: 'ls -la', language: 'sh' }));
    await page.send(webviewIntent('code/newFile', 'r4', { code: 'x', language: 'klingon' }));
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'request/done')).toHaveLength(4));
    const results = page.posted.flatMap((m) => (m.type === 'request/done' ? [m.payload] : []));
    expect(results[0]).toMatchObject({ ok: false, reason: expect.stringContaining('Open a file in an editor first') });
    expect(results.slice(1).map((r) => r.ok)).toEqual([true, true, true]);
    expect(editor.inserted).toEqual(['print(2)\n']);
    expect(editor.untitled).toEqual([
      ['ls -la', 'shellscript'],
      ['x', undefined],
    ]);
  });

  test('a click on the proxy status asks the host for the proxy’s actions', async () => {
    const { session, sidecarMenus } = setupSession();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await page.send(webviewIntent('sidecar/actions', 'r1', {}));
    await vi.waitFor(() => expect(page.types()).toContain('request/done'));
    expect(sidecarMenus()).toBe(1);
  });

  test('Prompt shows the reply’s prompt alone, or offers to compare it with the others of its turn', async () => {
    const { session, chat, editor } = setupSession();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    const threadId = session.controller.threadId ?? '';
    const done = () => page.posted.filter((m) => m.type === 'request/done').length;
    const reply = (i: number) => {
      const m = page.posted.filter((p) => p.type === 'message/added').map((p) => p.payload.message)[i];
      return m?.id ?? '';
    };
    await page.send(webviewIntent('chat/send', 'r1', { threadId, text: '@claude alone' }));
    await chat.reply(0, 'one');
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'message/added')).toHaveLength(2));
    await page.send(webviewIntent('message/prompt', 'r2', { threadId, messageId: reply(1) }));
    await vi.waitFor(() => expect(editor.documents).toEqual(["Claude's prompt"]));
    expect(editor.picks).toEqual([]);

    await vi.waitFor(() => expect(done()).toBe(2));
    await page.send(webviewIntent('chat/send', 'r3', { threadId, text: '@all both' }));
    await chat.reply(1, 'two');
    await chat.reply(2, 'three');
    await vi.waitFor(() => expect(page.types().filter((t) => t === 'message/added')).toHaveLength(5));
    editor.choose = 1;
    await page.send(webviewIntent('message/prompt', 'r4', { threadId, messageId: reply(3) }));
    await vi.waitFor(() => expect(editor.documents.at(-1)).toBe("Claude's prompt ↔ GPT's prompt"));
    expect(editor.picks).toEqual([["Show Claude's prompt", "Compare with GPT's prompt"]]);
    editor.choose = undefined;
    await page.send(webviewIntent('message/prompt', 'r5', { threadId, messageId: reply(4) }));
    await vi.waitFor(() => expect(done()).toBe(5));
    expect(editor.documents).toHaveLength(2); // dismissed: nothing opened
  });
});
