import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { ChatView, contentOf } from '../src/chatView';
import { themeColor } from '../src/sidebar';
import { installStatusRecorder, readStatusHistory, sawStreaming } from '../src/statusRecorder';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { collectStatuses, readThreadFiles } from '../src/threadFiles';
import {
  markPanelWebview,
  openViewContainer,
  reloadWindow,
  runCommand,
  setProxyAccessKey,
  webviewElement,
  webviewFrameHandle,
} from '../src/workbench';

/** A participant from the extension's default settings; the fake proxy serves this model id. */
const MODEL = 'claude-sonnet-4-6';
const FIRST = 'hello from playwright';
const SECOND = 'and a second message';
const THIRD = 'sent from the editor panel';
const DRAFT = 'a draft that must survive hiding the view';
const ACCESS_KEY = 'e2e-local-access-key';

/** Every chat request the proxy received, body parsed. */
function chatRequests(proxy: FakeProxy) {
  return proxy.requests
    .filter((request) => request.method === 'POST' && request.path.startsWith('/v1/chat/completions'))
    .map((request) => ({ ...request, body: request.body as { model?: string; stream?: boolean } }));
}

describe('Roundtable in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite();

  it('streams a reply from the model, which received the labelled transcript', async () => {
    const { proxy, session, page, chat, shot } = suite;
    await chat.open();
    await chat.frame.locator('[data-testid="sidecar-status"][data-ok="true"]').waitFor();
    await shot('view-open');

    await installStatusRecorder(await webviewFrameHandle(page, session.extension.id));
    await chat.send(FIRST);
    const reply = chat.messages({ speaker: 'claude', status: 'complete' }).first();
    await reply.waitFor();
    await shot('first-reply');

    const text = await contentOf(reply);
    expect(text).toContain(`Fake ${MODEL} received 2 messages: system, user[User].`);
    expect(text).toContain(FIRST);
    await expect(chat.messages({ speaker: 'user', hasText: FIRST }).count()).resolves.toBe(1);

    const id = await reply.getAttribute('data-message-id');
    const history = await readStatusHistory(await webviewFrameHandle(page, session.extension.id));
    const seen = history[id ?? ''] ?? [];
    expect(sawStreaming(seen), `states seen for ${id}: ${JSON.stringify(seen)}`).toBe(true);

    const requests = chatRequests(proxy);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body.model).toBe(MODEL);
  });

  it('saves the thread to globalStorage and shows it again after a window reload', async () => {
    const { session, page, chat, shot } = suite;
    // The file is written after the turn ends; poll instead of assuming when.
    const hasReply = (text: string) => text.includes(FIRST) && text.includes('received 2 messages');
    await expect
      .poll(() => readThreadFiles(session.threadsDir).filter((thread) => hasReply(thread.text)), { timeout: 30_000 })
      .toHaveLength(1);
    const [saved] = readThreadFiles(session.threadsDir);
    expect(collectStatuses(saved?.json)).not.toContain('streaming');

    await reloadWindow(page);
    await chat.open();
    await shot('after-reload');
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: FIRST }).waitFor();
    await expect(chat.messages({ speaker: 'user', hasText: FIRST }).count()).resolves.toBe(1);
    await expect(chat.messages().count()).resolves.toBe(2);

    // The reload restarted the extension host; its shutdown must not have left a half-written reply behind.
    for (const thread of readThreadFiles(session.threadsDir)) {
      expect(collectStatuses(thread.json), thread.file).not.toContain('streaming');
    }
  });

  it('shares the transcript: the second message reaches the model with the first exchange', async () => {
    const { proxy, chat, shot } = suite;
    await chat.send(SECOND);
    const reply = chat.messages({ speaker: 'claude', status: 'complete', hasText: SECOND });
    await reply.waitFor();
    await shot('second-reply');
    expect(await contentOf(reply)).toContain(
      `Fake ${MODEL} received 4 messages: system, user[User], assistant, user[User].`,
    );
    expect(chatRequests(proxy)).toHaveLength(2);
  });

  it('keeps the conversation and the draft when the view is hidden and shown again', async () => {
    const { session, page, chat, shot } = suite;
    await chat.composer.fill(DRAFT);
    // Showing another container disposes the hidden webview's page (we do not retain it); showing ours again
    // re-creates it, and it must come back with the host's state and its own draft.
    await openViewContainer(page, 'Explorer');
    await webviewElement(page, session.extension.id).waitFor({ state: 'detached' });
    await chat.open();
    await expect(chat.messages().count()).resolves.toBe(4);
    await expect(chat.composer.inputValue()).resolves.toBe(DRAFT);
    await shot('view-shown-again');
    await chat.composer.fill('');
  });

  it('opens the same conversation in an editor panel, and both mounts follow the host', async () => {
    const { session, page, chat, shot } = suite;
    await runCommand(page, 'Roundtable: Open Chat in Editor');
    await markPanelWebview(page, session.extension.id);
    const panel = new ChatView(page, session.extension.id, 'Roundtable', 'panel');
    await panel.composer.waitFor();
    await expect(panel.messages().count()).resolves.toBe(4);
    // In the editor area the page paints the editor's background, as the side bar's view paints the side bar's.
    const painted = await panel.frame.locator('html').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(painted).toBe(await themeColor(page, 'editor-background'));
    await panel.send(THIRD);
    const reply = panel.messages({ speaker: 'claude', status: 'complete', hasText: THIRD });
    await reply.waitFor();
    await shot('editor-panel');
    expect(await contentOf(reply)).toContain('received 6 messages');
    // The sidebar view got the same state from the host.
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: THIRD }).waitFor();
    await runCommand(page, 'View: Close All Editors');
    await panel.composer.waitFor({ state: 'detached' });
  });

  it('asks for the proxy access key on a 401, and the next message succeeds once it is set', async () => {
    const { session, page, chat, shot } = suite;
    const locked = await startFakeProxy({ accessKeys: [ACCESS_KEY] });
    suite.extraProxies.push(locked);
    // code-server's web workbench does not notice settings.json edits made on disk (nothing in 30 s), so reload the
    // window to make it read them; the extension's status check then reaches the new proxy.
    session.pointAtProxy(locked.url);
    await reloadWindow(page);
    await chat.open();
    await expect.poll(() => locked.requests.length, { timeout: 60_000 }).toBeGreaterThan(0);

    await chat.send('is anyone there');
    const failed = chat.messages({ speaker: 'claude', status: 'error' }).last();
    await failed.waitFor();
    await shot('access-key-refused');
    await expect(failed.locator('[data-testid="message-error"]').textContent()).resolves.toContain(
      'Set Proxy Access Key',
    );

    await setProxyAccessKey(page, ACCESS_KEY);

    await chat.send('now with the key');
    const reply = chat.messages({ speaker: 'claude', status: 'complete', hasText: 'now with the key' });
    await reply.waitFor();
    await shot('access-key-accepted');
    const [refused, ...rest] = chatRequests(locked);
    expect(refused?.headers.authorization).toBeUndefined();
    expect(rest.at(-1)?.headers.authorization).toBe(`Bearer ${ACCESS_KEY}`);
  });

  it('the pill turns red when the proxy stops and green when it is back, with nobody sending', async () => {
    const { chat, shot } = suite;
    const running = suite.extraProxies.at(-1);
    if (!running) throw new Error('the access-key test leaves its proxy running');
    const pill = (ok: boolean) => chat.frame.locator(`[data-testid="sidecar-status"][data-ok="${ok}"]`);
    await pill(true).waitFor();
    await running.close();
    // Within the goal of 20 s: the view is shown, so the extension asks the proxy every 15 s.
    await pill(false).waitFor({ timeout: 20_000 });
    await shot('external-proxy-stopped');
    const back = await startFakeProxy({ port: running.port, accessKeys: [ACCESS_KEY] });
    suite.extraProxies.push(back);
    await pill(true).waitFor({ timeout: 20_000 });
    expect(back.requests.map((r) => r.path)).toContain('/v1/models');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
