import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
  h.mount();
  h.emit(h.host.state(viewState({}, [viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'Hello' })])));
});

afterEach(() => h.dispose());

describe('the Terms-of-Service notice', () => {
  it('shows the Terms-of-Service notice in full above the conversation until dismissed, then its line', async () => {
    expect(screen.queryByTestId('terms-notice')).toBeNull();
    h.emit(h.host.state(viewState({ termsNotice: 'full' })));
    // A lazy chunk: it shows once loaded.
    const notice = await screen.findByRole('region', { name: 'Before you start' });
    expect(notice.textContent).toContain('may violate that provider');
    // In the conversation's scrolled content, before anything else there: never over the messages.
    expect(notice.parentElement?.firstElementChild).toBe(notice);
    expect(notice.closest('[data-testid="message-list"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(h.lastIntent()).toEqual({ type: 'terms/dismiss', payload: {} });
    h.emit(h.host.send('terms/changed', { notice: 'line' }));
    expect(screen.queryByTestId('terms-notice')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More about the Terms of Service' }));
    expect(screen.getByTestId('terms-line').textContent).toBe(
      'Subscriptions outside their official apps may break their Terms.More',
    );
  });

  it('opens the notice’s line into the whole text in its place, and folds it back with the focus on More', async () => {
    h.emit(h.host.state(viewState({ termsNotice: 'line' })));
    const line = screen.getByTestId('terms-line');
    const slot = line.parentElement;
    fireEvent.click(screen.getByRole('button', { name: 'More about the Terms of Service' }));
    const notice = await screen.findByRole('region', { name: 'Before you start' });
    expect(notice.parentElement).toBe(slot);
    expect(screen.queryByTestId('terms-line')).toBeNull();
    // Nothing is dismissed again: the line only opens what the host already folded.
    expect(screen.queryByRole('button', { name: 'I understand' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show less' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByTestId('terms-notice')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More about the Terms of Service' }));
  });

  it('shows no notice where the host gives none', () => {
    h.emit(h.host.state(viewState({})));
    expect(screen.queryByTestId('terms-line')).toBeNull();
    expect(screen.queryByTestId('terms-notice')).toBeNull();
  });
});
