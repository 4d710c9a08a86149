import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';

// The chips beside Send: To (a participant or a group) and Mode (how the thread's seats take a message).

const h = new AppHarness();
afterEach(() => h.dispose());

const groups = [
  { id: 'reviewers', displayName: '@reviewers', members: ['gpt', 'claude'], mode: 'council' as const },
  { id: 'offline', displayName: '@offline', members: ['gemini'] },
];
const select = (testId: string) => screen.getByTestId(testId) as HTMLSelectElement;

describe('the Mode chip', () => {
  it('shows the thread’s mode, offers the three with what each does, and asks the host for a change', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { mode: 'independent' } })));
    const mode = select('mode-select');
    expect(screen.getByLabelText('Mode')).toBe(mode);
    expect(mode.value).toBe('independent');
    expect([...mode.options].map((o) => [o.value, o.textContent])).toEqual([
      ['discuss', 'Discuss'],
      ['independent', 'Independent'],
      ['council', 'Council'],
    ]);
    expect(mode.options[0]?.title).toBe('Discuss: one after another, each reading everything said before it.');
    expect(mode.options[1]?.title).toBe('Independent: all at once, none reading the others’ answers.');
    expect(mode.options[2]?.title).toMatch(/anonymous cross-review, then a synthesis by the chair/);
    expect(mode.closest('label')?.title).toContain('Council: independent answers');

    mode.value = 'council';
    fireEvent.change(mode);
    expect(h.lastIntent()).toEqual({ type: 'chat/setMode', payload: { threadId: 'thread-1', mode: 'council' } });
    // The host owns the mode: the chip shows the thread's until the host says it changed.
    expect(mode.value).toBe('independent');
    const { participants } = viewState();
    h.emit(h.host.send('table/changed', { participants, groups: [], defaultTarget: 'claude', mode: 'council' }));
    expect(select('mode-select').value).toBe('council');
  });
});

describe('the To chip', () => {
  it('offers the groups with a member who can answer, after the participants, named with those members', () => {
    h.mount();
    h.emit(h.host.state(viewState({ groups, defaultTarget: 'reviewers' })));
    const to = select('target-select');
    expect([...to.options].map((o) => [o.value, o.textContent])).toEqual([
      ['claude', 'Claude'],
      ['gpt', 'GPT'],
      ['reviewers', '@reviewers (Claude, GPT)'],
    ]);
    expect(to.querySelector('optgroup')?.label).toBe('Groups');
    expect(to.value).toBe('reviewers');
    to.value = 'gpt';
    fireEvent.change(to);
    expect(h.lastIntent()).toEqual({ type: 'chat/setTarget', payload: { threadId: 'thread-1', participantId: 'gpt' } });
  });

  it('a target that is no longer a seat or a group that can answer asks to choose', () => {
    h.mount();
    h.emit(h.host.state(viewState({ groups, defaultTarget: 'offline' })));
    const to = select('target-select');
    expect(to.value).toBe('');
    expect(to.options[0]?.textContent).toBe('Choose…');
  });
});
