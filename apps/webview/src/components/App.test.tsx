import { hostMessage, webviewMessage } from '@roundtable/core/protocol';
import { act, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { MarkdownModel } from '../models/MarkdownModel';
import { AppHarness, contentOf, messageEl } from '../testing/AppHarness';
import { chatMessage, chatState, stateMessage } from '../testing/fixtures';
import { MemoryUiStateStore } from '../transport/FakeHostTransport';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
  vi.restoreAllMocks();
});

const conversation = [
  chatMessage({ id: 'u1', seq: 0, role: 'user', speaker: 'user', content: 'Compare <b>these</b>\nplease' }),
  chatMessage({ id: 'a1', seq: 1, speaker: 'claude', content: 'Use **bold** and [docs](https://example.com/docs).' }),
  chatMessage({ id: 'a2', seq: 2, speaker: 'gpt', content: 'Agreed.' }),
  chatMessage({ id: 'n1', seq: 3, role: 'system', speaker: 'system', content: 'GPT joined the table.' }),
  chatMessage({ id: 'a3', seq: 4, speaker: 'retired', content: 'I am no longer configured.' }),
];

describe('App before the first state', () => {
  it('shows a quiet "Connecting…" and has posted ready', () => {
    h.mount();
    expect(screen.getByTestId('connecting').textContent).toBe('Connecting…');
    expect(screen.queryByTestId('composer-input')).toBeNull();
    expect(h.transport.posted).toEqual([webviewMessage('ready', {})]);
  });
});

describe('App rendering the host state', () => {
  beforeEach(() => {
    h.mount();
    h.emit(stateMessage(chatState({}, conversation)));
  });

  it('renders every message with the DOM contract attributes', () => {
    const rendered = screen
      .getAllByTestId('message')
      .map((el) => [el.dataset.messageId, el.dataset.speaker, el.dataset.status]);
    expect(rendered).toEqual([
      ['u1', 'user', 'complete'],
      ['a1', 'claude', 'complete'],
      ['a2', 'gpt', 'complete'],
      ['n1', 'system', 'complete'],
      ['a3', 'retired', 'complete'],
    ]);
  });

  it('labels speakers, in the participant accent colour only for participants', () => {
    const label = (id: string) => messageEl(id).querySelector('.speaker')?.textContent;
    const accent = (id: string) => messageEl(id).style.getPropertyValue('--participant-accent');
    expect(['u1', 'a1', 'a2', 'n1', 'a3'].map(label)).toEqual(['You', 'Claude', 'GPT', 'System', 'retired']);
    expect(['u1', 'a1', 'a2', 'n1', 'a3'].map(accent)).toEqual(['', '#D97706', '#10A37F', '', '']);
    expect(messageEl('a1').getAttribute('style')).not.toBeNull(); // set through CSSOM, reflected
  });

  it('renders assistant text as markdown and user text as plain text with its newlines', () => {
    expect(contentOf('a1').querySelector('strong')?.textContent).toBe('bold');
    expect(contentOf('u1').querySelector('b')).toBeNull();
    expect(contentOf('u1').textContent).toBe('Compare <b>these</b>\nplease');
  });

  it('shows the thread title, the status pill and the enabled participants as targets', () => {
    expect(screen.getByTestId('thread-title').textContent).toBe('Planning the release');
    const pill = screen.getByTestId('sidecar-status');
    expect(pill.dataset.ok).toBe('true');
    expect(pill.getAttribute('title')).toBe('CLIProxyAPI at http://127.0.0.1:8317');
    const select = screen.getByTestId('target-select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['claude', 'gpt']);
    expect(select.value).toBe('claude');
    expect(screen.getByLabelText('Speaking to')).toBe(select);
  });

  it('changing the target posts setDefaultTarget', () => {
    const select = screen.getByTestId('target-select') as HTMLSelectElement;
    select.value = 'gpt';
    fireEvent.change(select);
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('setDefaultTarget', { participantId: 'gpt' }));
  });

  it('updates the pill from a sidecarStatus message', () => {
    h.emit(hostMessage('sidecarStatus', { ok: false, detail: 'Connection refused: start CLIProxyAPI' }));
    const pill = screen.getByTestId('sidecar-status');
    expect(pill.dataset.ok).toBe('false');
    expect(pill.getAttribute('title')).toBe('Connection refused: start CLIProxyAPI');
    expect(pill.textContent).toContain('Proxy unavailable');
  });

  it('offers a thread switcher only when there is more than one thread', () => {
    expect(screen.queryByTestId('thread-select')).toBeNull();
    const threads = [
      { id: 'thread-1', title: 'Planning the release', updatedAt: '2026-11-30T12:00:00.000Z' },
      { id: 'thread-2', title: '', updatedAt: '2026-11-29T12:00:00.000Z' },
    ];
    h.emit(stateMessage(chatState({ threads }, conversation)));
    const select = screen.getByTestId('thread-select') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['thread-1', 'Planning the release'],
      ['thread-2', 'New conversation'],
    ]);
    expect(select.value).toBe('thread-1');
    select.value = 'thread-2';
    fireEvent.change(select);
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('switchThread', { threadId: 'thread-2' }));
  });

  it('New thread posts newThread', () => {
    fireEvent.click(screen.getByTestId('new-thread'));
    expect(h.transport.posted.at(-1)).toEqual(webviewMessage('newThread', {}));
  });
});

describe('App and the lazy Markdown renderer', () => {
  it('keeps showing "Connecting…" until the renderer has settled, even with a state', async () => {
    let resolve: (render: (md: string) => string) => void = () => {};
    h.mount(new MemoryUiStateStore(), new MarkdownModel(() => new Promise((r) => (resolve = r))));
    h.emit(stateMessage(chatState({}, [chatMessage({ id: 'a1', content: '**hi**' })])));
    expect(screen.getByTestId('connecting')).toBeTruthy();
    await act(async () => resolve(renderMarkdown));
    expect(contentOf('a1').querySelector('strong')?.textContent).toBe('hi');
  });

  it('falls back to plain text (never HTML) when the renderer failed to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    h.mount(new MemoryUiStateStore(), new MarkdownModel(() => Promise.reject(new Error('blocked'))));
    h.emit(stateMessage(chatState({}, [chatMessage({ id: 'a1', content: '**hi** <b>x</b>' })])));
    await act(async () => {});
    expect(contentOf('a1').textContent).toBe('**hi** <b>x</b>');
    expect(contentOf('a1').querySelector('b, strong')).toBeNull();
  });
});
