import { viewSignal, webviewIntent } from '@roundtable/core/protocol';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { disposeSessions, FakeWebview, setupSession } from '../../test/support/chatSession';

afterEach(disposeSessions);

describe('ChatSession', () => {
  test('answers the page’s ready with the thread’s shell and the list, then its full state, and reports itself as the active view', async () => {
    const { session, active, statesPosted } = setupSession();
    const page = new FakeWebview();
    session.attach(page);
    await page.send(viewSignal('view/ready'));
    await vi.waitFor(() => expect(page.types()).toEqual(['view/state', 'threads/listed', 'view/state']));
    expect(active).toEqual([session]);
    // Start-up work waits for the thread's full state, not its shell: only the second state counts.
    expect(statesPosted).toEqual([session.controller.threadId]);
    await page.send(viewSignal('view/resync'));
    expect(statesPosted).toHaveLength(2);
  });

  test('counts as shown from its page’s first word until it is hidden or disposed (what paces the proxy checks)', async () => {
    const { session, shown } = setupSession();
    const changes: boolean[] = [];
    shown.onDidChange((any) => changes.push(any));
    const page = new FakeWebview();
    session.attach(page);
    expect(shown.any).toBe(false);
    await page.send(viewSignal('view/ready'));
    expect(shown.any).toBe(true);
    session.markHidden();
    expect(shown.any).toBe(false);
    await page.send(viewSignal('view/ready'));
    session.dispose();
    expect(changes).toEqual([true, false, true, false]);
  });

  test('a re-created page keeps the view’s thread: the new page gets its state, the old one nothing more', async () => {
    const { session } = setupSession();
    const first = new FakeWebview();
    session.attach(first);
    await first.send(viewSignal('view/ready'));
    await first.send(webviewIntent('thread/new', 'r1', {}));
    const threadId = session.controller.threadId;
    await first.send(webviewIntent('chat/send', 'r2', { threadId: threadId ?? '', text: 'hello' }));
    const second = new FakeWebview();
    session.attach(second);
    const before = first.posted.length;
    await second.send(viewSignal('view/ready'));
    await vi.waitFor(() => expect(second.types()[0]).toBe('view/state'));
    const state = second.posted[0];
    expect(state?.type === 'view/state' && state.payload.thread.id).toBe(threadId);
    expect(first.posted.length).toBe(before);
  });
});
