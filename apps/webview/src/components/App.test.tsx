import { act, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHarness, composerInput, contentOf, messageEl } from '../testing/AppHarness';
import { listEntry, viewMessage, viewState } from '../testing/fixtures';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
  vi.restoreAllMocks();
});

const conversation = [
  viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'Compare <b>these</b>\nplease' }),
  viewMessage({ id: 'a1', speaker: 'claude', content: 'Use **bold** and [docs](https://example.com/docs).' }),
  viewMessage({ id: 'a2', speaker: 'gpt', content: 'Agreed.' }),
  viewMessage({ id: 'n1', role: 'system', speaker: 'system', content: 'GPT joined the table.' }),
  viewMessage({ id: 'a3', speaker: 'retired', content: 'I am no longer configured.' }),
];

describe('App before the first state', () => {
  it('shows a quiet "Connecting…" and has posted ready', () => {
    h.mount();
    expect(screen.getByTestId('connecting').textContent).toBe('Connecting…');
    expect(screen.queryByTestId('composer-input')).toBeNull();
    expect(h.transport.posted).toEqual([{ v: 2, type: 'view/ready', payload: {} }]);
  });
});

describe('App rendering the host state', () => {
  beforeEach(() => {
    h.mount();
    h.emit(h.host.state(viewState({}, conversation)));
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

  it('labels speakers, with the participant accent (on the bar and the mark) only for participants', () => {
    const label = (id: string) => messageEl(id).querySelector('.speaker')?.textContent;
    const accent = (id: string) => messageEl(id).style.getPropertyValue('--participant-accent');
    expect(['u1', 'a1', 'a2', 'n1', 'a3'].map(label)).toEqual(['You', 'Claude', 'GPT', 'System', 'retired']);
    expect(['u1', 'a1', 'a2', 'n1', 'a3'].map(accent)).toEqual(['', '#D97706', '#10A37F', '', '']);
    expect(messageEl('a1').getAttribute('style')).not.toBeNull(); // set through CSSOM, reflected
    // Each participant has a mark of letters, so speakers differ without colour (high contrast, colour blindness).
    const mark = (id: string) => messageEl(id).querySelector('.speaker-mark')?.textContent;
    expect(['u1', 'a1', 'a2', 'n1', 'a3'].map(mark)).toEqual([undefined, 'CL', 'GP', undefined, 'RE']);
    expect(messageEl('a1').querySelector('.speaker-mark')?.getAttribute('aria-hidden')).toBe('true');
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
    expect(screen.getByLabelText('To')).toBe(select);
  });

  it('a muted participant keeps its messages, greyed and marked, and is not offered as a target', () => {
    const [claude, gpt, gemini] = viewState().participants;
    if (!claude || !gpt || !gemini) throw new Error('fixture');
    h.emit(
      h.host.send('table/changed', {
        participants: [claude, { ...gpt, muted: true }, gemini],
        groups: [],
        defaultTarget: 'claude',
        mode: 'discuss',
      }),
    );
    expect(messageEl('a2').classList.contains('message--muted')).toBe(true);
    expect(messageEl('a2').querySelector('.speaker-muted')?.textContent).toBe('muted');
    expect(messageEl('a1').querySelector('.speaker-muted')).toBeNull();
    expect(contentOf('a2').textContent?.trim()).toBe('Agreed.');
    const select = screen.getByTestId('target-select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['claude']);
  });

  it('changing the target posts chat/setTarget', () => {
    const select = screen.getByTestId('target-select') as HTMLSelectElement;
    select.value = 'gpt';
    fireEvent.change(select);
    expect(h.lastIntent()).toEqual({ type: 'chat/setTarget', payload: { threadId: 'thread-1', participantId: 'gpt' } });
  });

  it('updates the pill from a sidecar/changed message', () => {
    h.emit(h.host.send('sidecar/changed', { state: 'unhealthy', detail: 'Connection refused: start CLIProxyAPI' }));
    const pill = screen.getByTestId('sidecar-status');
    expect(pill.dataset.ok).toBe('false');
    expect(pill.getAttribute('title')).toBe('Connection refused: start CLIProxyAPI');
    expect(pill.textContent).toContain('Proxy unavailable');
  });

  it.each([
    [
      { state: 'downloading', detail: 'Downloading CLIProxyAPI…', receivedBytes: 5, totalBytes: 20 },
      'Downloading proxy… 25%',
      'false',
    ],
    [{ state: 'verifying', detail: 'Checking…' }, 'Verifying proxy…', 'false'],
    [{ state: 'backoff', detail: 'CLIProxyAPI exited (code 2).', retryAt: 1 }, 'Proxy restarting…', 'false'],
    [{ state: 'failed', detail: 'Gave up. Run “Roundtable: Restart CLIProxyAPI”.' }, 'Proxy failed', 'false'],
    [{ state: 'healthy', detail: 'Roundtable runs CLIProxyAPI.' }, 'Proxy connected', 'true'],
  ] as const)('says each state of the proxy in a few words: %j', (status, words, ok) => {
    h.emit(h.host.send('sidecar/changed', status));
    const pill = screen.getByTestId('sidecar-status');
    expect(pill.textContent).toContain(words);
    expect(pill.dataset.ok).toBe(ok);
    expect(pill.dataset.state).toBe(status.state);
    expect(pill.getAttribute('title')).toBe(status.detail);
  });

  it('shows no seat line while every seat is ready', () => {
    expect(screen.queryByTestId('seats')).toBeNull();
  });

  it('shows a seat that needs a login, with Sign in, and one the proxy paused, with its countdown and Reset', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.parse('2026-12-01T10:00:00Z'));
    try {
      h.emit(
        h.host.send('seats/changed', {
          claude: { kind: 'needs-login', provider: 'Claude' },
          gpt: { kind: 'cooling', until: Date.parse('2026-12-01T10:01:04Z'), reason: 'rate limited', canReset: true },
        }),
      );
      const seats = screen.getAllByTestId('seat');
      expect(seats.map((s) => [s.dataset.participant, s.dataset.kind])).toEqual([
        ['claude', 'needs-login'],
        ['gpt', 'cooling'],
      ]);
      expect(seats[0]?.textContent).toContain('needs a Claude login');
      expect(screen.getByTestId('seat-countdown').textContent).toBe(', 1 min 4 s left');
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(screen.getByTestId('seat-countdown').textContent).toBe(', 59 s left');

      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(h.lastIntent()).toEqual({ type: 'seat/fix', payload: { participantId: 'claude' } });
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
      expect(h.lastIntent()).toEqual({ type: 'seat/reset', payload: { participantId: 'gpt' } });

      h.emit(h.host.send('seats/changed', {}));
      expect(screen.queryByTestId('seats')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a seat that cannot be reached says why, with the fix the host gives it, or nothing to click', () => {
    h.emit(
      h.host.send('seats/changed', {
        gpt: { kind: 'unavailable', reason: 'Copilot does not serve gpt-4.1' },
        claude: { kind: 'unavailable', reason: 'Claude Code is not installed', fix: 'install' },
      }),
    );
    const [claude, gpt] = screen.getAllByTestId('seat');
    expect(gpt?.dataset.kind).toBe('unavailable');
    expect(gpt?.textContent).toBe('GPT: Copilot does not serve gpt-4.1');
    expect(gpt?.querySelector('button')).toBeNull();
    expect(claude?.textContent).toBe('Claude: Claude Code is not installedInstall');
    fireEvent.click(within(claude as HTMLElement).getByRole('button', { name: 'Install' }));
    expect(h.lastIntent()).toEqual({ type: 'seat/fix', payload: { participantId: 'claude' } });
  });

  it('the line of seats that cannot answer sits right above the message box, after the turn line', () => {
    h.emit(h.host.send('seats/changed', { gpt: { kind: 'needs-login', provider: 'ChatGPT' } }));
    const line = screen.getByTestId('seats');
    expect(line.nextElementSibling?.querySelector('textarea')).not.toBeNull();
    expect(screen.getAllByTestId('seat')).toHaveLength(1);
  });

  it('counts a day-long pause in hours and minutes, as the proxy gives it for a spent free tier', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.parse('2026-12-01T10:00:00Z'));
    try {
      const until = Date.parse('2026-12-02T10:00:00Z');
      h.emit(h.host.send('seats/changed', { gpt: { kind: 'cooling', until, reason: 'free usage', canReset: false } }));
      expect(screen.getByTestId('seat-countdown').textContent).toBe(', 1 day left');
      act(() => {
        vi.advanceTimersByTime(61_000);
      });
      expect(screen.getByTestId('seat-countdown').textContent).toBe(', 23 h 58 min left');
      expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a click on the pill asks the host for the proxy’s actions', () => {
    fireEvent.click(screen.getByTestId('sidecar-status'));
    expect(h.lastIntent()).toEqual({ type: 'sidecar/actions', payload: {} });
  });

  it('keeps the header to one row: the title and the proxy status, no thread controls', () => {
    const header = document.querySelector('header.header');
    expect(header?.children).toHaveLength(2);
    expect(screen.queryByTestId('thread-select')).toBeNull();
    expect(screen.queryByTestId('new-thread')).toBeNull();
  });

  it('puts the keyboard in the message box when the host asks (the focus command)', () => {
    expect(document.activeElement).not.toBe(composerInput());
    h.emit(h.host.send('composer/focus', {}));
    expect(document.activeElement).toBe(composerInput());
  });
});

describe('App storage problems and notices', () => {
  beforeEach(() => h.mount());

  it('a failed save stays on screen with its reason, Retry and Reveal, until the host clears it', async () => {
    const saveProblems = [{ threadId: 'thread-1', title: 'Planning the release', reason: 'EACCES: permission denied' }];
    h.emit(h.host.state(viewState({ saveProblems })));
    // A lazy chunk: it shows once loaded.
    const banner = await screen.findByTestId('save-problem');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('EACCES: permission denied');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(h.lastIntent()).toEqual({ type: 'storage/retry', payload: { threadId: 'thread-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reveal in folder' }));
    expect(h.lastIntent()).toEqual({ type: 'storage/reveal', payload: { threadId: 'thread-1' } });
    h.emit(h.host.send('storage/changed', { saveProblems: [] }));
    expect(screen.queryByTestId('save-problem')).toBeNull();
  });

  it('an unreadable thread file is shown with its reason and can be revealed', async () => {
    const threads = [listEntry({ id: 'a.json', title: 'a.json', unreadable: 'It is a folder, not a file.' })];
    h.emit(h.host.state(viewState()));
    h.emit(h.host.send('threads/listed', { entries: threads, total: 0 }));
    expect((await screen.findByTestId('unreadable-thread')).textContent).toContain('It is a folder, not a file.');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal in folder' }));
    expect(h.lastIntent()).toEqual({ type: 'storage/reveal', payload: { threadId: 'a.json' } });
  });

  it('shows the reason of a refused request, and dismisses it', () => {
    h.emit(h.host.state(viewState()));
    const select = screen.getByTestId('target-select') as HTMLSelectElement;
    select.value = 'gpt';
    fireEvent.change(select);
    h.answerLast({ ok: false, reason: 'That thread no longer exists.' });
    const notice = screen.getByTestId('notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('That thread no longer exists.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('notice')).toBeNull();
  });
});
