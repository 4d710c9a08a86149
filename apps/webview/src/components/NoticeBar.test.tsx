import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppHarness, composerInput, typeDraft } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
  h.mount();
  h.emit(h.host.state(viewState()));
});

afterEach(() => h.dispose());

const REFUSAL = 'Nobody was asked to answer: @bob is not at the table.';

function send(text: string): void {
  typeDraft(text);
  fireEvent.keyDown(composerInput(), { key: 'Enter' });
}

const notice = () => screen.queryByTestId('notice')?.textContent ?? null;

describe('NoticeBar: a notice belongs to its thread and its intent', () => {
  it('a refused send shows why until the next message goes through', () => {
    send('@bob hi');
    h.answerLast({ ok: false, reason: REFUSAL });
    expect(notice()).toContain(REFUSAL);
    expect(composerInput().value).toBe('@bob hi');
    // Another kind of request succeeding says nothing about the message.
    fireEvent.change(screen.getByTestId('target-select'), { target: { value: 'gpt' } });
    h.answerLast({ ok: true });
    expect(notice()).toContain(REFUSAL);
    send('@claude hi');
    h.answerLast({ ok: true });
    expect(notice()).toBeNull();
  });

  it('is not shown in a new thread, nor when the view comes back to its own', () => {
    send('@bob hi');
    h.answerLast({ ok: false, reason: REFUSAL });
    h.emit(h.host.state(viewState({ thread: { id: 'thread-2', title: '' } })));
    expect(notice()).toBeNull();
    h.emit(h.host.state(viewState()));
    expect(notice()).toBeNull();
  });

  it('a refusal that arrives after the view moved to another thread is not shown there', () => {
    send('@bob hi');
    h.emit(h.host.state(viewState({ thread: { id: 'thread-2', title: '' } })));
    const request = h.transport.posted.filter((m) => m.type === 'chat/send').at(-1);
    h.emit(h.host.done(request && 'requestId' in request ? request.requestId : '', { ok: false, reason: REFUSAL }));
    expect(notice()).toBeNull();
  });

  it('a resync of the same thread keeps it', () => {
    send('@bob hi');
    h.answerLast({ ok: false, reason: REFUSAL });
    h.emit(h.host.state(viewState()));
    expect(notice()).toContain(REFUSAL);
  });

  it('a message held for a seat that needs a login offers Sign in, and goes once the seat is signed in', () => {
    h.emit(h.host.send('seats/changed', { claude: { kind: 'needs-login', provider: 'claude' } }));
    send('hi');
    h.answerLast({
      ok: false,
      reason: 'Not sent: Claude needs a claude login.',
      action: { kind: 'signIn', participantId: 'claude' },
    });
    expect(notice()).toContain('Not sent: Claude needs a claude login.');
    fireEvent.click(within(screen.getByTestId('notice')).getByRole('button', { name: 'Sign in' }));
    expect(h.lastIntent()).toEqual({ type: 'seat/fix', payload: { participantId: 'claude' } });
    h.emit(h.host.send('seats/changed', {}));
    expect(notice()).toBeNull();
  });
});
