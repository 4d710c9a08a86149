import type { TurnView } from '@roundtable/core/protocol';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';
import { councilViews } from './lazyViews';
import { turnLine } from './TurnStatus';

// Where the turn stands, above the composer: the queue while several participants answer one after another, the mode
// and step while replies stream at once or a council runs, who a Stop skipped, and the round of a discussion.

const h = new AppHarness();
afterEach(() => h.dispose());
// The line's words load with the first turn (a chunk of their own); these tests read them as soon as a turn shows.
beforeAll(() => turnLine.load());

const table = {
  participants: [
    { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'c', enabled: true },
    { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'g', enabled: true },
    { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'm', enabled: true },
  ],
};
const ALL = ['claude', 'gpt', 'gemini'];

type Running = Extract<TurnView, { state: 'running' }>;
/** A Discuss turn of one answer step, one after another, with `answering` streaming. */
const discuss = (answering: string[], responders = ALL, done = 0): Running => ({
  state: 'running',
  mode: 'discuss',
  step: 'answer',
  stepIndex: 0,
  stepCount: 1,
  responders,
  answering,
  done,
  concurrent: false,
});
const turn = (value: TurnView | null) => h.host.send('turn/changed', { turn: value });
const status = () => screen.getByTestId('turn-status');

describe('the turn above the composer, one after another', () => {
  it('says who answers, how far the turn is and who is next, and follows it to the end', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, thread: { busy: true } })));
    expect(screen.queryByTestId('turn-status')).toBeNull();
    h.emit(turn(discuss(['claude'])));
    expect(status().textContent).toBe('1 of 3Claude is answering, GPT next');
    h.emit(turn(discuss(['gpt'], ALL, 1)));
    expect(status().textContent).toBe('2 of 3GPT is answering, Gemini next');
    expect(status().dataset).toMatchObject({ state: 'running', step: 'answer', mode: 'discuss' });
    h.emit(turn(discuss(['gemini'], ALL, 2)));
    expect(status().textContent).toBe('3 of 3Gemini is answering');
    h.emit(turn(null));
    expect(screen.queryByTestId('turn-status')).toBeNull();
    // It is announced politely from a region that stays in place.
    expect(screen.getByTestId('turn-region').getAttribute('role')).toBe('status');
  });

  it('between two answers (none streaming), counts from the replies done', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: discuss([], ALL, 1) })));
    expect(status().textContent).toBe('2 of 3GPT is answering, Gemini next');
  });

  it('says nothing for a turn with one responder: its bubble shows it typing', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: discuss(['gpt'], ['gpt']) })));
    expect(screen.getByTestId('turn-region').textContent).toBe('');
  });
});

describe('the turn above the composer, at once or in steps', () => {
  const at = (overrides: Partial<Running>): Running => ({ ...discuss(ALL), concurrent: true, ...overrides });

  it.each([
    {
      name: 'Independent, all at once',
      turn: at({ mode: 'independent' }),
      text: 'Independent · Claude, GPT and Gemini are answering',
    },
    {
      name: 'Independent, one done',
      turn: at({ mode: 'independent', answering: ['gpt', 'gemini'], done: 1 }),
      text: 'Independent · 1 of 3 done · GPT and Gemini are answering',
    },
    {
      name: 'Council answers',
      turn: at({ mode: 'council', stepCount: 3, answering: ['gpt', 'gemini'], done: 1 }),
      text: 'Council · answers (step 1 of 3) · 1 of 3 done · GPT and Gemini are answering',
    },
    {
      name: 'Council reviews',
      turn: at({ mode: 'council', step: 'review', stepIndex: 1, stepCount: 3, answering: ['gpt', 'gemini'] }),
      text: 'Council · reviews (step 2 of 3) · GPT and Gemini are reviewing',
    },
    {
      name: 'Council synthesis, one seat and not at once',
      turn: at({
        mode: 'council',
        step: 'synthesis',
        stepIndex: 2,
        stepCount: 3,
        responders: ['claude'],
        answering: ['claude'],
        concurrent: false,
      }),
      text: 'Council · synthesis (step 3 of 3) · Claude is writing it',
    },
    {
      name: 'reviews asked of one reply',
      turn: at({ step: 'review', responders: ['gpt', 'gemini'], answering: ['gpt'] }),
      text: 'Discuss · reviews · GPT is reviewing',
    },
  ])('$name', ({ turn: value, text }) => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: value })));
    expect(status().textContent).toBe(text);
    expect(status().dataset).toMatchObject({ state: 'running', step: value.step, mode: value.mode });
    expect(status().querySelector('.turn-step')?.textContent).toBe(text.split(' · ')[0]);
  });
});

describe('after a Stop', () => {
  it('lists who was skipped, continues with them, or is dismissed', () => {
    h.mount();
    h.emit(
      h.host.state(viewState({ ...table, turn: { state: 'stopped', step: 'answer', skipped: ['gpt', 'gemini'] } })),
    );
    expect(screen.getByTestId('turn-skipped').textContent).toContain('Stopped before GPT and Gemini answered.');
    const button = screen.getByTestId('turn-continue');
    expect(button.textContent).toBe('Continue with GPT, Gemini');
    fireEvent.click(button);
    expect(h.lastIntent()).toEqual({ type: 'turn/continue', payload: { threadId: 'thread-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: do not continue' }));
    expect(h.lastIntent()).toEqual({ type: 'turn/dismiss', payload: { threadId: 'thread-1' } });
    // The host answers with the change; the view never clears it on its own.
    expect(screen.queryByTestId('turn-skipped')).not.toBeNull();
    h.emit(turn(null));
    expect(screen.queryByTestId('turn-skipped')).toBeNull();
  });

  it.each([
    { step: 'review', text: 'Stopped before GPT and Gemini reviewed.' },
    { step: 'synthesis', text: 'Stopped before GPT and Gemini wrote the synthesis.' },
  ] as const)('in a $step step, says what they did not do', ({ step, text }) => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: { state: 'stopped', step, skipped: ['gpt', 'gemini'] } })));
    expect(screen.getByTestId('turn-skipped').textContent).toBe(`${text}Continue with GPT, Gemini`);
    expect(screen.getByTestId('turn-skipped').dataset.step).toBe(step);
  });

  it('a turn cut off when VS Code stopped says so, and offers to continue it', () => {
    h.mount();
    const turn: TurnView = { state: 'stopped', step: 'synthesis', skipped: ['gpt'], cutOff: true };
    h.emit(h.host.state(viewState({ ...table, turn })));
    const line = screen.getByTestId('turn-skipped');
    expect(line.textContent).toBe('Cut off when VS Code stopped, before GPT wrote the synthesis.Continue with GPT');
    expect(line.dataset.cutOff).toBe('true');
    fireEvent.click(screen.getByTestId('turn-continue'));
    expect(h.lastIntent()).toMatchObject({ type: 'turn/continue' });
  });

  it('names a participant no longer in the settings by its id', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: { state: 'stopped', step: 'answer', skipped: ['grok'] } })));
    expect(screen.getByTestId('turn-continue').textContent).toBe('Continue with grok');
  });

  it('a new full state without a turn clears what was shown', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: { state: 'stopped', step: 'answer', skipped: ['gpt'] } })));
    h.emit(h.host.state(viewState(table)));
    expect(screen.queryByTestId('turn-skipped')).toBeNull();
  });
});

describe('another round', () => {
  const answered = (round: number, mode: 'discuss' | 'independent' | 'council' = 'discuss'): TurnView => ({
    state: 'answered',
    speakers: ['claude', 'gpt'],
    round,
    maxRounds: 3,
    mode,
  });

  it('after several answered, says the round and offers another until the cap', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: answered(1) })));
    expect(screen.getByTestId('turn-round').textContent).toBe('Round 1 of 3Another round');
    expect(screen.getByTestId('turn-another-round').title).toBe(
      'Each of them answers again, having read the whole round',
    );
    fireEvent.click(screen.getByTestId('turn-another-round'));
    expect(h.lastIntent()).toEqual({ type: 'turn/anotherRound', payload: { threadId: 'thread-1' } });
    h.emit(turn(answered(3)));
    expect(screen.queryByTestId('turn-another-round')).toBeNull();
    expect(screen.getByTestId('turn-round').textContent).toContain('send a message to go on');
  });

  it.each(['independent', 'council'] as const)('after %s, another round is a reveal round', (mode) => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: answered(1, mode) })));
    expect(screen.getByTestId('turn-round').textContent).toBe('Round 1 of 3Another round');
    expect(screen.getByTestId('turn-another-round').title).toMatch(/^A reveal round: each of them reads every answer/);
  });
});

describe('a Council that ended at its unanimous vote', () => {
  beforeAll(() => councilViews.load());
  const agreed: TurnView = {
    state: 'answered',
    speakers: ALL,
    round: 1,
    maxRounds: 3,
    mode: 'council',
    agreed: { plan: 'plan-1', answer: '42', seats: 3, saved: 4 },
  };

  it('says the vote above the round, and Review anyway asks for the rest of that plan', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: agreed })));
    const line = screen.getByTestId('turn-agreed');
    expect(line.textContent).toBe('All 3 agree: 42. Reviews and synthesis skipped (4 requests saved)Review anyway');
    expect(screen.getByTestId('turn-round').textContent).toBe('Round 1 of 3Another round');
    fireEvent.click(screen.getByTestId('turn-review-anyway'));
    expect(h.lastIntent()).toEqual({
      type: 'turn/reviewAnyway',
      payload: { threadId: 'thread-1', planId: 'plan-1' },
    });
    // The reviews running, the line goes with the turn that replaces it.
    const { agreed: _, ...plain } = agreed;
    h.emit(turn(plain));
    expect(screen.queryByTestId('turn-agreed')).toBeNull();
  });
});

describe('the turn line before its chunk has loaded', () => {
  it('the live region is there from the start, so the line is announced when it arrives', () => {
    h.mount();
    h.emit(h.host.state(viewState()));
    expect(screen.getByTestId('turn-region').getAttribute('aria-live')).toBe('polite');
  });
});
