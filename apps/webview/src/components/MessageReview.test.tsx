import type { ViewMessage } from '@roundtable/core/protocol';
import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHarness, messageEl } from '../testing/AppHarness';
import { turnPlan, viewMessage, viewState } from '../testing/fixtures';
import { councilViews } from './lazyViews';

// "Review…" on a reply asks the table (everyone else, or a group) to review it; the reviews it brings fold under it.

const h = new AppHarness();
afterEach(() => h.dispose());

const groups = [
  { id: 'reviewers', displayName: '@reviewers', members: ['claude', 'gpt', 'gemini'] },
  { id: 'offline', displayName: '@offline', members: ['gemini'] },
];
const question = viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'why?' });

function show(...messages: ViewMessage[]) {
  h.mount();
  h.emit(h.host.state(viewState({ groups, thread: { busy: true } }, [question, ...messages])));
}

const reviewButton = (id: string) =>
  within(messageEl(id)).queryByRole('button', { name: /^Ask the table to review the reply from / });

// The council's views are a lazy chunk: loaded first, so these tests see the webview once it has arrived (the wait
// itself is covered in lazyModule.test).
beforeAll(() => councilViews.load());

describe('Review…', () => {
  it('opens the choices, everyone else and each group that can answer, and posts the one picked', () => {
    show(viewMessage({ id: 'r1', content: 'Because.' }));
    const button = reviewButton('r1');
    expect(button?.textContent).toBe('Review…');
    expect(button?.getAttribute('aria-label')).toBe('Ask the table to review the reply from Claude');
    fireEvent.click(button as HTMLElement);
    expect(button?.getAttribute('aria-expanded')).toBe('true');
    const row = screen.getByRole('group', { name: 'Review by' });
    expect([...row.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Everyone else',
      '@reviewers (Claude, GPT)',
      'Cancel',
    ]);
    expect(document.activeElement?.textContent).toBe('Everyone else');
    fireEvent.click(within(row).getByRole('button', { name: 'Everyone else' }));
    expect(h.lastIntent()).toEqual({ type: 'message/review', payload: { threadId: 'thread-1', messageId: 'r1' } });
    expect(screen.queryByRole('group', { name: 'Review by' })).toBeNull();

    fireEvent.click(button as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '@reviewers (Claude, GPT)' }));
    expect(h.lastIntent()).toEqual({
      type: 'message/review',
      payload: { threadId: 'thread-1', messageId: 'r1', groupId: 'reviewers' },
    });
  });

  it('opens one row of choices at a time, and Escape closes it without asking anyone', () => {
    show(viewMessage({ id: 'r1', content: 'Because.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate as…' }));
    fireEvent.click(reviewButton('r1') as HTMLElement);
    expect(screen.queryByRole('group', { name: 'Regenerate as' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Everyone else' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Review by' })).toBeNull();
    expect(h.transport.postedTypes()).not.toContain('message/review');
  });

  it('sits in the toolbar after Regenerate as…, one Tab stop in all', () => {
    show(viewMessage({ id: 'r1', speaker: 'gpt', content: 'Because.' }));
    const buttons = [...within(messageEl('r1')).getByRole('toolbar').querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Prompt', 'Regenerate as…', 'Review…', 'Delete']);
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it.each([
    { name: 'a reply still streaming', message: { status: 'streaming', content: 'Beca' } },
    { name: 'a reply that failed', message: { status: 'error', error: 'HTTP 500' } },
    { name: 'a reply stopped before any text', message: { status: 'cancelled', content: ' ' } },
    { name: 'a deleted reply', message: { status: 'deleted' } },
    { name: 'a review', message: { reviewOf: 'r0', content: 'Verdict: fine' } },
  ] as const)('is not offered on $name', ({ message }) => {
    show(viewMessage({ id: 'r0', speaker: 'gpt', content: 'First.' }), viewMessage({ id: 'r1', ...message }));
    expect(reviewButton('r1')).toBeNull();
    expect(reviewButton('r0')).not.toBeNull();
    expect(within(messageEl('u1')).queryByRole('button', { name: /review/i })).toBeNull();
  });

  it('is offered on a reply stopped after it said something', () => {
    show(viewMessage({ id: 'r1', status: 'cancelled', content: 'Because of' }));
    expect(reviewButton('r1')).not.toBeNull();
  });

  it('offers only the groups when nobody else can answer', () => {
    h.mount();
    const [claude, gpt, gemini] = viewState().participants;
    if (!claude || !gpt || !gemini) throw new Error('fixture');
    const state = viewState({ groups, participants: [claude, { ...gpt, muted: true }, gemini] }, [
      question,
      viewMessage({ id: 'r1', content: 'Because.' }),
    ]);
    h.emit(h.host.state(state));
    fireEvent.click(reviewButton('r1') as HTMLElement);
    const row = screen.getByRole('group', { name: 'Review by' });
    expect([...row.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['@reviewers (Claude)', 'Cancel']);
  });
});

describe('reviews asked of one reply', () => {
  it('fold under it, each a row with its reviewer’s real name and verdict', () => {
    const plan = turnPlan({
      id: 'rv',
      kind: 'review',
      target: 'r1',
      steps: [{ kind: 'review', seats: ['gpt', 'gemini'], reads: 'target', names: 'anonymised', concurrency: 2 }],
      letters: { claude: 'A' },
    });
    const review = { reviewOf: 'r1', step: { plan: 'rv', index: 0 } };
    h.mount();
    h.emit(
      h.host.state(
        viewState({ thread: { plans: [plan] } }, [
          question,
          viewMessage({ id: 'r1', content: 'Because.' }),
          viewMessage({ id: 'v1', speaker: 'gpt', content: 'Verdict: Response A is right.\n\nIt is.', ...review }),
          viewMessage({ id: 'v2', speaker: 'gemini', content: '', status: 'streaming', ...review }),
        ]),
      ),
    );
    const rows = screen.getAllByTestId('review');
    expect(rows.map((r) => r.dataset.verdict)).toEqual(['Response A is right.', '']);
    expect(rows[0]?.textContent).toBe('GPGPTreviewResponse A is right.Show');
    expect(rows[1]?.querySelector('[data-testid="typing"]')).not.toBeNull();
    // An asked-for review is no turn of its own: no header, and not part of any unit.
    expect(screen.queryByTestId('plan-header')).toBeNull();
    expect(messageEl('v1').classList.contains('message--in-plan')).toBe(false);
    h.emit(h.host.appended('v2', 'Verdict: **wrong**\nbecause', 0));
    expect(screen.getAllByTestId('review')[1]?.dataset.verdict).toBe('wrong');
  });
});
