import { act, fireEvent, screen, within } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHarness, composerInput, contentOf, messageEl, typeDraft } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';
import { MessageBubble } from './MessageBubble';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
  vi.restoreAllMocks();
});

describe('MessageList streaming', () => {
  const streamingState = viewState({ thread: { busy: true } }, [
    viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'hi' }),
    viewMessage({ id: 's1', speaker: 'claude', content: 'Hel', status: 'streaming' }),
  ]);

  beforeEach(() => {
    h.mount();
    h.emit(h.host.state(streamingState));
  });

  it('appends a delta to the streaming message and shows a typing indicator', () => {
    expect(messageEl('s1').querySelector('[data-testid="typing"]')).not.toBeNull();
    expect(messageEl('s1').getAttribute('aria-busy')).toBe('true');
    h.emit(h.host.appended('s1', 'lo **world**', 3));
    // Its Markdown may come a parse later (see MarkdownBlocks), its words at once.
    expect(contentOf('s1').textContent?.replaceAll('*', '').trim()).toBe('Hello world');
    h.emit(h.host.status('s1', 'complete'));
    expect(contentOf('s1').textContent?.trim()).toBe('Hello world');
    expect(contentOf('s1').querySelector('strong')?.textContent).toBe('world');
  });

  it('a delta with a wrong offset leaves the text alone and asks for a resync', () => {
    const before = h.transport.posted.length;
    h.emit(h.host.appended('s1', 'XX', 7));
    expect(contentOf('s1').textContent?.trim()).toBe('Hel');
    expect(h.transport.posted.slice(before)).toEqual([{ v: 2, type: 'view/resync', payload: {} }]);
    // The host answers with a full state, which wins.
    h.emit(
      h.host.state(
        viewState({ thread: { busy: true } }, [viewMessage({ id: 's1', content: 'Hello', status: 'streaming' })]),
      ),
    );
    expect(contentOf('s1').textContent?.trim()).toBe('Hello');
  });

  it('drops invalid host messages with a warning and keeps working', () => {
    h.emit({
      v: 2,
      seq: 1,
      threadId: 'thread-1',
      type: 'message/patched',
      payload: { messageId: 's1', append: { text: 'lo', offset: -1 } },
    });
    h.emit({ v: 99, type: 'view/state', payload: {} });
    h.emit('not even an object');
    h.emit({ v: 2, seq: 1, threadId: 'thread-1', type: 'explode', payload: {} });
    expect(h.warnings).toHaveLength(4);
    expect(h.warnings[0]).toContain('dropped invalid message (type "message/patched")');
    expect(contentOf('s1').textContent?.trim()).toBe('Hel');
    h.emit(h.host.appended('s1', 'lo', 3));
    expect(contentOf('s1').textContent?.trim()).toBe('Hello');
  });

  it('shows Stop instead of Send while busy; Stop posts chat/stop for the shown thread', () => {
    expect(screen.queryByTestId('send')).toBeNull();
    fireEvent.click(screen.getByTestId('stop'));
    expect(h.lastIntent()).toEqual({ type: 'chat/stop', payload: { threadId: 'thread-1' } });
  });

  it('Enter while busy keeps the draft and sends nothing', () => {
    typeDraft('next question');
    fireEvent.keyDown(composerInput(), { key: 'Enter' });
    expect(h.transport.postedTypes()).not.toContain('chat/send');
    expect(composerInput().value).toBe('next question');
  });

  it('a reply cut off when VS Code stopped says so, its text kept, until it is run again', () => {
    h.emit(h.host.appended('s1', 'p, because the ind', 3));
    h.emit(h.host.send('message/patched', { messageId: 's1', status: 'cancelled', cutOff: true }));
    expect(messageEl('s1').querySelector('[data-testid="cut-off"]')?.textContent).toBe(
      'Cut off when VS Code stopped: this is what had come in.',
    );
    expect(messageEl('s1').textContent).not.toContain('(stopped)');
    expect(contentOf('s1').textContent).toContain('Help, because the ind');
    h.emit(h.host.send('message/patched', { messageId: 's1', status: 'streaming', content: '', cutOff: null }));
    expect(messageEl('s1').querySelector('[data-testid="cut-off"]')).toBeNull();
  });

  it('a reply cut at its seat’s length limit says so, and its Continue asks the host to go on from there', () => {
    h.emit(h.host.appended('s1', 'p, and then', 3));
    h.emit(h.host.send('message/patched', { messageId: 's1', status: 'complete', cutAtLength: true }));
    const note = messageEl('s1').querySelector('[data-testid="cut-at-length"]');
    expect(note?.textContent).toBe('Cut at the seat’s length limit. Continue');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(h.lastIntent()).toEqual({ type: 'message/continue', payload: { threadId: 'thread-1', messageId: 's1' } });
    h.emit(h.host.send('message/patched', { messageId: 's1', cutAtLength: null }));
    expect(messageEl('s1').querySelector('[data-testid="cut-at-length"]')).toBeNull();
  });

  it('reflects status changes: cancelled, error text, deleted', () => {
    h.emit(h.host.status('s1', 'cancelled'));
    expect(messageEl('s1').dataset.status).toBe('cancelled');
    expect(messageEl('s1').textContent).toContain('(stopped)');
    expect(messageEl('s1').querySelector('[data-testid="typing"]')).toBeNull();
    expect(messageEl('s1').querySelector('[data-testid="cut-off"]')).toBeNull();

    h.emit(h.host.status('s1', 'error', 'HTTP 429: quota resets at 17:00'));
    expect(messageEl('s1').querySelector('[data-testid="message-error"]')?.textContent).toBe(
      'HTTP 429: quota resets at 17:00',
    );

    h.emit(h.host.send('message/patched', { messageId: 's1', status: 'deleted', content: '', error: null }));
    expect(contentOf('s1').textContent).toBe('message deleted');
    expect(messageEl('s1').querySelector('[data-testid="message-error"]')).toBeNull();
  });
});

describe('MessageList rendering cost', () => {
  it('a streamed delta re-renders the streaming message only, however long the thread', () => {
    const history = Array.from({ length: 200 }, (_, i) =>
      viewMessage({ id: `m${i}`, speaker: i % 2 ? 'claude' : 'gpt', content: `reply **${i}**` }),
    );
    h.mount();
    h.emit(
      h.host.state(
        viewState({ thread: { busy: true } }, [
          ...history,
          viewMessage({ id: 's', content: 'a', status: 'streaming' }),
        ]),
      ),
    );
    const rendered: string[] = [];
    const previous = options.diffed;
    options.diffed = (vnode: VNode) => {
      if (vnode.type === MessageBubble)
        rendered.push((vnode.props as unknown as { message: { id: string } }).message.id);
      previous?.(vnode);
    };
    try {
      h.emit(h.host.appended('s', 'b', 1));
      h.emit(h.host.appended('s', 'c', 2));
    } finally {
      options.diffed = previous;
    }
    expect(rendered).toEqual(['s', 's']);
    expect(contentOf('s').textContent?.trim()).toBe('abc');
  });
});

describe('MessageList links and code in rendered markdown', () => {
  beforeEach(() => {
    h.mount();
    h.emit(
      h.host.state(
        viewState({}, [
          viewMessage({ id: 'a1', content: 'See [the docs](https://example.com/docs).\n\n```sh\npnpm test\n```' }),
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
    expect(h.lastIntent()).toEqual({ type: 'link/open', payload: { url: 'https://example.com/docs' } });
  });

  it('a click on an element inside a link counts as a click on the link', () => {
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'a1', content: '[**bold link**](https://example.com/b)' })])));
    const strong = contentOf('a1').querySelector('a strong');
    if (!strong) throw new Error('no nested element');
    fireEvent.click(strong);
    expect(h.lastIntent()).toEqual({ type: 'link/open', payload: { url: 'https://example.com/b' } });
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

describe('MessageList code block toolbar', () => {
  beforeEach(() => {
    h.mount();
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'a1', content: 'Try:\n\n```sh\npnpm test\n```' })])));
  });

  it('Insert at Cursor and Open in New File hand the code (and its language) to the host', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Insert at Cursor' }));
    expect(h.lastIntent()).toEqual({ type: 'code/insert', payload: { code: 'pnpm test\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open in New File' }));
    expect(h.lastIntent()).toEqual({ type: 'code/newFile', payload: { code: 'pnpm test\n', language: 'sh' } });
  });

  it('is one Tab stop: arrows move between its buttons, wrapping, and Home and End jump', () => {
    const toolbar = screen.getByRole('toolbar', { name: 'Code block (sh)' });
    const [copy, insert, newFile] = [...toolbar.querySelectorAll('button')];
    copy?.focus();
    fireEvent.keyDown(copy as HTMLButtonElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(insert);
    expect([copy, insert, newFile].map((b) => b?.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(insert as HTMLButtonElement, { key: 'ArrowLeft' });
    fireEvent.keyDown(copy as HTMLButtonElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(newFile);
    fireEvent.keyDown(newFile as HTMLButtonElement, { key: 'Home' });
    expect(document.activeElement).toBe(copy);
  });
});

describe('MessageList while a reply has not started', () => {
  it('says how long it has been waiting, and stops once the words come', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-30T12:00:12.000Z') });
    try {
      h.mount();
      h.emit(
        h.host.state(
          viewState({ thread: { busy: true } }, [
            viewMessage({ id: 'w', content: '', status: 'streaming', createdAt: '2026-11-30T12:00:00.000Z' }),
          ]),
        ),
      );
      expect(screen.getByTestId('waiting').textContent).toBe('Waiting for the first words… 12 s');
      act(() => {
        vi.advanceTimersByTime(52_000);
      });
      expect(screen.getByTestId('waiting').textContent).toBe('Waiting for the first words… 1 min 4 s');
      h.emit(h.host.appended('w', 'Here', 0));
      expect(screen.queryByTestId('waiting')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('MessageList user messages', () => {
  it('keeps pasted code in monospace on its own lines, as text, and folds a long message until Show more', () => {
    h.mount();
    const pasted = 'Why does this fail?\n```ts\nconst a = <b>1</b>;\n```\nThanks';
    const long = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    h.emit(
      h.host.state(
        viewState({}, [
          viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: pasted }),
          viewMessage({ id: 'u2', role: 'user', speaker: 'user', content: long }),
        ]),
      ),
    );
    const code = contentOf('u1').querySelector('pre.user-code > code');
    expect(code?.textContent).toBe('const a = <b>1</b>;');
    expect(contentOf('u1').querySelector('b')).toBeNull();
    expect(contentOf('u1').textContent).toBe('Why does this fail?const a = <b>1</b>;Thanks');
    expect(contentOf('u1').classList.contains('message-content--folded')).toBe(false);

    expect(contentOf('u2').classList.contains('message-content--folded')).toBe(true);
    const more = within(messageEl('u2')).getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(contentOf('u2').classList.contains('message-content--folded')).toBe(false);
    expect(within(messageEl('u2')).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
