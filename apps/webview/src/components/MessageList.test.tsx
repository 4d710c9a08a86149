import { hostMessage, webviewMessage } from '@roundtable/core/protocol';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHarness, composerInput, contentOf, messageEl, typeDraft } from '../testing/AppHarness';
import { chatMessage, chatState, deltaMessage, stateMessage } from '../testing/fixtures';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
  vi.restoreAllMocks();
});

describe('MessageList streaming', () => {
  const streamingState = chatState({ busy: true }, [
    chatMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'hi' }),
    chatMessage({ id: 's1', seq: 1, speaker: 'claude', content: 'Hel', status: 'streaming' }),
  ]);

  beforeEach(() => {
    h.mount();
    h.emit(stateMessage(streamingState));
  });

  it('appends a delta to the streaming message and shows a typing indicator', () => {
    expect(messageEl('s1').querySelector('[data-testid="typing"]')).not.toBeNull();
    expect(messageEl('s1').getAttribute('aria-busy')).toBe('true');
    h.emit(deltaMessage('s1', 'lo **world**', 3));
    expect(contentOf('s1').textContent?.trim()).toBe('Hello world');
    expect(contentOf('s1').querySelector('strong')?.textContent).toBe('world');
  });

  it('a delta with a wrong offset leaves the text alone and posts ready to resync', () => {
    const before = h.transport.posted.length;
    h.emit(deltaMessage('s1', 'XX', 7));
    expect(contentOf('s1').textContent?.trim()).toBe('Hel');
    expect(h.transport.posted.slice(before)).toEqual([webviewMessage('ready', {})]);
    // The host answers with a full state, which wins.
    h.emit(stateMessage(chatState({ busy: true }, [chatMessage({ id: 's1', content: 'Hello', status: 'streaming' })])));
    expect(contentOf('s1').textContent?.trim()).toBe('Hello');
  });

  it('drops invalid host messages with a warning and keeps working', () => {
    h.emit({ v: 1, type: 'delta', payload: { messageId: 's1', contentDelta: 'lo', offset: -1 } });
    h.emit({ v: 99, type: 'state', payload: {} });
    h.emit('not even an object');
    h.emit({ v: 1, type: 'explode', payload: {} });
    expect(h.warnings).toHaveLength(4);
    expect(h.warnings[0]).toContain('dropped invalid message (type "delta")');
    expect(contentOf('s1').textContent?.trim()).toBe('Hel');
    h.emit(deltaMessage('s1', 'lo', 3));
    expect(contentOf('s1').textContent?.trim()).toBe('Hello');
  });

  it('shows Stop instead of Send while busy; Stop posts stopGeneration', () => {
    expect(screen.queryByTestId('send')).toBeNull();
    fireEvent.click(screen.getByTestId('stop'));
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('stopGeneration', {}));
  });

  it('Enter while busy keeps the draft and sends nothing', () => {
    typeDraft('next question');
    fireEvent.keyDown(composerInput(), { key: 'Enter' });
    expect(h.transport.postedTypes()).not.toContain('sendMessage');
    expect(composerInput().value).toBe('next question');
  });

  it('reflects status changes: cancelled, error text, deleted', () => {
    h.emit(hostMessage('messageStatus', { messageId: 's1', status: 'cancelled' }));
    expect(messageEl('s1').dataset.status).toBe('cancelled');
    expect(messageEl('s1').textContent).toContain('(stopped)');
    expect(messageEl('s1').querySelector('[data-testid="typing"]')).toBeNull();

    h.emit(
      hostMessage('messageStatus', { messageId: 's1', status: 'error', error: 'HTTP 429: quota resets at 17:00' }),
    );
    expect(messageEl('s1').querySelector('[data-testid="message-error"]')?.textContent).toBe(
      'HTTP 429: quota resets at 17:00',
    );

    h.emit(hostMessage('messageStatus', { messageId: 's1', status: 'deleted' }));
    expect(contentOf('s1').textContent).toBe('message deleted');
    expect(messageEl('s1').querySelector('[data-testid="message-error"]')).toBeNull();
  });
});

describe('MessageList links and code in rendered markdown', () => {
  beforeEach(() => {
    h.mount();
    h.emit(
      stateMessage(
        chatState({}, [
          chatMessage({ id: 'a1', content: 'See [the docs](https://example.com/docs).\n\n```sh\npnpm test\n```' }),
        ]),
      ),
    );
  });

  it('clicking a link posts openLink and neither navigates nor reaches outer handlers', () => {
    const outer = vi.fn();
    window.addEventListener('click', outer);
    const link = contentOf('a1').querySelector('a');
    if (!link) throw new Error('no link');
    const notPrevented = fireEvent.click(link);
    window.removeEventListener('click', outer);
    expect(notPrevented).toBe(false);
    expect(outer).not.toHaveBeenCalled(); // VS Code's frame would otherwise open the link a second time
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('openLink', { url: 'https://example.com/docs' }));
  });

  it('a click on an element inside a link counts as a click on the link', () => {
    h.emit(stateMessage(chatState({}, [chatMessage({ id: 'a1', content: '[**bold link**](https://example.com/b)' })])));
    const strong = contentOf('a1').querySelector('a strong');
    if (!strong) throw new Error('no nested element');
    fireEvent.click(strong);
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('openLink', { url: 'https://example.com/b' }));
  });

  it('a click elsewhere in the message posts nothing', () => {
    const before = h.transport.posted.length;
    fireEvent.click(contentOf('a1'));
    expect(h.transport.posted).toHaveLength(before);
  });

  it('the Copy button copies the code block', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const button = contentOf('a1').querySelector<HTMLButtonElement>('button[data-action="copy-code"]');
    if (!button) throw new Error('no copy button');
    fireEvent.click(button);
    expect(writeText).toHaveBeenCalledWith('pnpm test\n');
    await vi.waitFor(() => expect(button.textContent).toBe('Copied'));
  });
});

describe('MessageList message actions', () => {
  it('Retry and Delete post their intents', () => {
    h.mount();
    h.emit(
      stateMessage(chatState({}, [chatMessage({ id: 'e1', speaker: 'gpt', status: 'error', error: 'HTTP 500' })])),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('retryMessage', { messageId: 'e1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete message from GPT' }));
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('deleteMessage', { messageId: 'e1' }));
  });
});

describe('MessageList auto-scroll', () => {
  const streaming = (content: string) =>
    chatState({ busy: true }, [chatMessage({ id: 's1', content, status: 'streaming' })]);

  /** Gives the list a layout (happy-dom has none): 1000px of content in a 400px viewport. */
  function layout(list: HTMLElement) {
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
  }

  it('follows streaming text while at the bottom, and stops once the user scrolls up', () => {
    h.mount();
    h.emit(stateMessage(streaming('a')));
    const list = screen.getByTestId('message-list');
    layout(list);

    h.emit(deltaMessage('s1', 'b', 1));
    expect(list.scrollTop).toBe(1000);

    list.scrollTop = 100; // the user scrolls up to read
    fireEvent.scroll(list);
    h.emit(deltaMessage('s1', 'c', 2));
    expect(list.scrollTop).toBe(100);

    list.scrollTop = 600; // and back down to the end
    fireEvent.scroll(list);
    h.emit(deltaMessage('s1', 'd', 3));
    expect(list.scrollTop).toBe(1000);
  });

  it('brings the user to the bottom when their own new message arrives', () => {
    h.mount();
    h.emit(stateMessage(chatState({}, [chatMessage({ id: 'a1', content: 'old' })])));
    const list = screen.getByTestId('message-list');
    layout(list);
    list.scrollTop = 0;
    fireEvent.scroll(list);
    h.emit(
      stateMessage(
        chatState({}, [
          chatMessage({ id: 'a1', content: 'old' }),
          chatMessage({ id: 'u2', seq: 1, role: 'user', speaker: 'user', content: 'new question' }),
        ]),
      ),
    );
    expect(list.scrollTop).toBe(1000);
  });
});
