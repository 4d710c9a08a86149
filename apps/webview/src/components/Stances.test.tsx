import { WebviewToHost } from '@roundtable/core/protocol';
import { fireEvent, screen } from '@testing-library/preact';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHarness, composerInput, messageEl, typeDraft } from '../testing/AppHarness';
import { COUNCIL, voteMessages } from '../testing/councilFixtures';
import { viewState } from '../testing/fixtures';
import { MemoryUiStateStore } from '../transport/FakeHostTransport';
import { councilViews } from './lazyViews';
import { STANCES_TITLE } from './ModeChip';

// Stances, per message: the composer's toggle beside the Mode chip while the thread is in Council mode, sent with the
// next message only; and on a Council sent with them, each answer's tag says the side its seat was asked to argue.

const h = new AppHarness();
afterEach(() => {
  // Every fixture passed the protocol's schemas: nothing was dropped.
  expect(h.warnings).toEqual([]);
  h.dispose();
});
beforeAll(() => councilViews.load());

const toggle = () => screen.queryByTestId('stances-toggle') as HTMLInputElement | null;
const tableIn = (mode: 'discuss' | 'independent' | 'council') =>
  h.host.send('table/changed', { participants: viewState().participants, groups: [], defaultTarget: 'claude', mode });

/** Sends `text` with Enter and returns the payload the host was sent. */
function send(text: string): unknown {
  typeDraft(text);
  fireEvent.keyDown(composerInput(), { key: 'Enter' });
  const intent = h.lastIntent();
  expect(intent?.type).toBe('chat/send');
  // As the host will read it: the protocol's schema of what the page sends.
  expect(v.safeParse(WebviewToHost, h.transport.posted.at(-1)).success).toBe(true);
  return intent?.payload;
}

describe('the Stances toggle', () => {
  it('shows beside the Mode chip only while the thread is in Council mode, as a labelled checkbox saying what it does', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { mode: 'discuss' } })));
    expect(toggle()).toBeNull();
    h.emit(tableIn('council'));
    const box = toggle();
    expect(box?.type).toBe('checkbox');
    expect(screen.getByLabelText('Stances')).toBe(box);
    expect(box?.checked).toBe(false);
    expect(box?.closest('label')?.title).toBe(STANCES_TITLE);
    expect(STANCES_TITLE).toBe('One seat argues for, one against, the others weigh both; for this message');
    // In the composer's row, after the Mode chip.
    const mode = screen.getByTestId('mode-select').closest('label');
    expect(mode?.nextElementSibling).toBe(box?.closest('label'));
    h.emit(tableIn('independent'));
    expect(toggle()).toBeNull();
  });

  it('sends `stances: true` with the next message only, then turns off', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { mode: 'council' } })));
    fireEvent.click(toggle() as HTMLInputElement);
    expect(toggle()?.checked).toBe(true);
    expect(send('Should we move to ESM?')).toEqual({
      threadId: 'thread-1',
      text: 'Should we move to ESM?',
      stances: true,
    });
    expect(toggle()?.checked).toBe(false);
    expect(send('And to Node 24?')).not.toHaveProperty('stances');
  });

  it('sends no `stances` key while the toggle is off, nor once the thread has left Council mode', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { mode: 'council' } })));
    expect(send('Plain council')).toEqual({ threadId: 'thread-1', text: 'Plain council' });
    fireEvent.click(toggle() as HTMLInputElement);
    h.emit(tableIn('discuss'));
    expect(toggle()).toBeNull();
    expect(send('Now a discussion')).toEqual({ threadId: 'thread-1', text: 'Now a discussion' });
  });

  it('comes back on with the text when the host refuses the message', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { mode: 'council' } })));
    fireEvent.click(toggle() as HTMLInputElement);
    send('Refused');
    expect(toggle()?.checked).toBe(false);
    h.answerLast({ ok: false, reason: 'Not sent: a Council needs two seats that can answer' });
    expect(composerInput().value).toBe('Refused');
    expect(toggle()?.checked).toBe(true);
  });

  it('stays on with the draft when the view is re-created (VS Code reloads a hidden view)', () => {
    const store = new MemoryUiStateStore();
    h.mount(store);
    h.emit(h.host.state(viewState({ thread: { mode: 'council' } })));
    typeDraft('half a question');
    fireEvent.click(toggle() as HTMLInputElement);
    expect(store.state).toEqual({ draft: 'half a question', stances: true });
    h.dispose();
    h.mount(store);
    h.emit(h.host.state(viewState({ thread: { mode: 'council' } })));
    expect(toggle()?.checked).toBe(true);
    send('half a question, finished');
    expect(store.state).toEqual({ draft: '' });
  });
});

describe('an answer sent with stances', () => {
  const tag = (id: string) => messageEl(id).querySelector<HTMLElement>('[data-testid="step-tag"]');

  it('says the side its seat was asked to argue instead of “blind”, and why on hover', () => {
    h.mount();
    const stances = { claude: 'for', gpt: 'against', grok: 'neutral' } as const;
    const plan = { ...COUNCIL, steps: COUNCIL.steps.map((s, i) => (i === 0 ? { ...s, stances } : s)) };
    h.emit(h.host.state(viewState({ thread: { mode: 'council', plans: [plan] } }, voteMessages())));
    expect(['a1', 'a2', 'a3'].map((id) => tag(id)?.textContent)).toEqual([
      'argues for',
      'argues against',
      'weighs both',
    ]);
    expect(tag('a1')?.title).toMatch(/^Asked to argue for: the strongest honest case in favour/);
    expect(tag('a2')?.title).toMatch(/^Asked to argue against: the strongest honest case against/);
    expect(tag('a3')?.title).toMatch(/^Asked to weigh the case for and the case against evenly/);
    // The stances are the answers' alone: the synthesis keeps its own tag.
    expect(tag('s1')?.textContent).toBe('synthesis');
  });

  it('a Council without stances tags its answers “blind”', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { mode: 'council', plans: [COUNCIL] } }, voteMessages())));
    expect(tag('a1')?.textContent).toBe('blind');
    expect(tag('a1')?.title).toBe('Answered without reading the others’ answers');
  });
});
