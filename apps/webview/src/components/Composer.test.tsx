import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHarness, composerInput, typeDraft } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';
import { MemoryUiStateStore } from '../transport/FakeHostTransport';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
  vi.restoreAllMocks();
});

describe('Composer', () => {
  beforeEach(() => {
    h.mount();
    h.emit(h.host.state(viewState()));
  });

  it('Enter sends the text and clears the textarea', () => {
    typeDraft('Hello @claude\nsecond line');
    fireEvent.keyDown(composerInput(), { key: 'Enter' });
    expect(h.lastIntent()).toEqual({
      type: 'chat/send',
      payload: { threadId: 'thread-1', text: 'Hello @claude\nsecond line' },
    });
    expect(composerInput().value).toBe('');
  });

  it('the Send button sends too', () => {
    typeDraft('via the button');
    fireEvent.click(screen.getByTestId('send'));
    expect(h.lastIntent()).toEqual({ type: 'chat/send', payload: { threadId: 'thread-1', text: 'via the button' } });
  });

  it.each([
    ['Shift+Enter', { key: 'Enter', shiftKey: true }],
    ['Enter during IME composition', { key: 'Enter', isComposing: true }],
    ['Enter reported as keyCode 229 (IME)', { key: 'Enter', keyCode: 229 }],
    ['another key', { key: 'a' }],
  ])('%s does not send', (_name, init) => {
    typeDraft('draft');
    const notPrevented = fireEvent.keyDown(composerInput(), init);
    expect(h.transport.postedTypes()).not.toContain('chat/send');
    expect(composerInput().value).toBe('draft');
    expect(notPrevented).toBe(true); // the textarea keeps its default behaviour (newline, IME commit)
  });

  it('does not send blank text', () => {
    typeDraft('   \n\t ');
    fireEvent.keyDown(composerInput(), { key: 'Enter' });
    expect(h.transport.postedTypes()).not.toContain('chat/send');
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses text over the protocol limit with a readable reason, keeping the draft', () => {
    typeDraft('x'.repeat(200_001));
    fireEvent.keyDown(composerInput(), { key: 'Enter' });
    expect(h.transport.postedTypes()).not.toContain('chat/send');
    expect(screen.getByRole('alert').textContent).toContain('the limit is 200,000');
    expect(composerInput().value).toHaveLength(200_001);
  });

  it('labels the textarea', () => {
    expect(screen.getByLabelText('Message')).toBe(composerInput());
  });
});

describe('Composer draft persistence', () => {
  it('a re-created view shows the draft typed before it was hidden', () => {
    const store = new MemoryUiStateStore();
    h.mount(store);
    h.emit(h.host.state(viewState()));
    typeDraft('half-written thought');
    h.dispose(); // VS Code destroys a hidden view; showing it again boots a fresh page

    h.mount(store);
    h.emit(h.host.state(viewState()));
    expect(composerInput().value).toBe('half-written thought');
  });
});
