import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';

// Where the turn stands, above the composer: the queue while several participants answer, and who a Stop skipped.

const h = new AppHarness();
afterEach(() => h.dispose());

const table = {
  participants: [
    { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'c', enabled: true },
    { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'g', enabled: true },
    { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'm', enabled: true },
  ],
};

const running = (current: number, responders = ['claude', 'gpt', 'gemini']) =>
  h.host.send('turn/changed', { turn: { state: 'running', responders, current } });

describe('the turn above the composer', () => {
  it('says who answers, how far the turn is and who is next, and follows it to the end', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, thread: { busy: true } })));
    expect(screen.queryByTestId('turn-status')).toBeNull();
    h.emit(running(0));
    expect(screen.getByTestId('turn-status').textContent).toBe('1 of 3Claude is answering, GPT next');
    h.emit(running(1));
    expect(screen.getByTestId('turn-status').textContent).toBe('2 of 3GPT is answering, Gemini next');
    h.emit(running(2));
    expect(screen.getByTestId('turn-status').textContent).toBe('3 of 3Gemini is answering');
    h.emit(h.host.send('turn/changed', { turn: null }));
    expect(screen.queryByTestId('turn-status')).toBeNull();
    // It is announced politely from a region that stays in place.
    expect(screen.getByTestId('turn-region').getAttribute('role')).toBe('status');
  });

  it('says nothing for a turn with one responder: its bubble shows it typing', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: { state: 'running', responders: ['gpt'], current: 0 } })));
    expect(screen.getByTestId('turn-region').textContent).toBe('');
  });

  it('after a Stop lists who was skipped, continues with them, or is dismissed', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: { state: 'stopped', skipped: ['gpt', 'gemini'] } })));
    expect(screen.getByTestId('turn-skipped').textContent).toContain('Stopped before GPT and Gemini answered.');
    const button = screen.getByTestId('turn-continue');
    expect(button.textContent).toBe('Continue with GPT, Gemini');
    fireEvent.click(button);
    expect(h.lastIntent()).toEqual({ type: 'turn/continue', payload: { threadId: 'thread-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: do not continue' }));
    expect(h.lastIntent()).toEqual({ type: 'turn/dismiss', payload: { threadId: 'thread-1' } });
    // The host answers with the change; the view never clears it on its own.
    expect(screen.queryByTestId('turn-skipped')).not.toBeNull();
    h.emit(h.host.send('turn/changed', { turn: null }));
    expect(screen.queryByTestId('turn-skipped')).toBeNull();
  });

  it('names a participant no longer in the settings by its id', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: { state: 'stopped', skipped: ['grok'] } })));
    expect(screen.getByTestId('turn-continue').textContent).toBe('Continue with grok');
  });

  it('a new full state without a turn clears what was shown', () => {
    h.mount();
    h.emit(h.host.state(viewState({ ...table, turn: { state: 'stopped', skipped: ['gpt'] } })));
    h.emit(h.host.state(viewState(table)));
    expect(screen.queryByTestId('turn-skipped')).toBeNull();
  });
});

describe('another round', () => {
  it('after several answered, says the round and offers another until the cap', () => {
    h.mount();
    h.emit(
      h.host.state(
        viewState({ ...table, turn: { state: 'answered', speakers: ['claude', 'gpt'], round: 1, maxRounds: 3 } }),
      ),
    );
    expect(screen.getByTestId('turn-round').textContent).toBe('Round 1 of 3Another round');
    fireEvent.click(screen.getByTestId('turn-another-round'));
    expect(h.lastIntent()).toEqual({ type: 'turn/anotherRound', payload: { threadId: 'thread-1' } });
    h.emit(
      h.host.send('turn/changed', {
        turn: { state: 'answered', speakers: ['claude', 'gpt'], round: 3, maxRounds: 3 },
      }),
    );
    expect(screen.queryByTestId('turn-another-round')).toBeNull();
    expect(screen.getByTestId('turn-round').textContent).toContain('send a message to go on');
  });
});
