import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';

// A message's own actions (Retry, Prompt, Delete): one toolbar, one Tab stop, each posting its intent.

const h = new AppHarness();
afterEach(() => h.dispose());

describe('MessageList message actions toolbar', () => {
  it('is one Tab stop per message; arrows move from Retry to Prompt to Regenerate as… to Delete', () => {
    h.mount();
    h.emit(
      h.host.state(viewState({}, [viewMessage({ id: 'e1', speaker: 'gpt', status: 'error', error: 'HTTP 500' })])),
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the message from GPT' });
    const buttons = [...toolbar.querySelectorAll('button')];
    const [retry, prompt, regenerate, remove] = buttons;
    expect(buttons.map((b) => b.textContent)).toEqual(['Retry', 'Prompt', 'Regenerate as…', 'Delete']);
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
    retry?.focus();
    fireEvent.keyDown(retry as HTMLButtonElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(prompt);
    fireEvent.keyDown(prompt as HTMLButtonElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(regenerate);
    fireEvent.keyDown(regenerate as HTMLButtonElement, { key: 'End' });
    expect(document.activeElement).toBe(remove);
    expect(buttons.map((b) => b.tabIndex)).toEqual([-1, -1, -1, 0]);
  });

  it('Regenerate as… offers everyone else who can answer, focused, and posts the choice', () => {
    h.mount();
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'r1', speaker: 'claude', content: 'answer' })])));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate as…' }));
    const row = screen.getByRole('group', { name: 'Regenerate as' });
    const choices = [...row.querySelectorAll('button')].map((b) => b.textContent);
    expect(choices).toEqual(['GPT', 'Cancel']);
    expect(document.activeElement?.textContent).toBe('GPT');
    fireEvent.click(screen.getByRole('button', { name: 'GPT' }));
    expect(h.lastIntent()).toEqual({
      type: 'message/regenerateAs',
      payload: { threadId: 'thread-1', messageId: 'r1', participantId: 'gpt' },
    });
    expect(screen.queryByRole('group', { name: 'Regenerate as' })).toBeNull();
  });

  it('Escape closes the choices without asking anyone', () => {
    h.mount();
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'r1', speaker: 'claude', content: 'answer' })])));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate as…' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'GPT' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Regenerate as' })).toBeNull();
    expect(h.lastIntent()?.type).not.toBe('message/regenerateAs');
  });

  it('an alternative is marked, a user message says who got no reply, a reply says what its prompt left out', () => {
    h.mount();
    h.emit(
      h.host.state(
        viewState({}, [
          viewMessage({
            id: 'u1',
            role: 'user',
            speaker: 'user',
            content: '@bob @gpt hi',
            unrouted: { unknown: ['bob'], muted: ['gpt'] },
          }),
          viewMessage({ id: 'r1', speaker: 'claude', content: 'answer', leftOut: 12 }),
          viewMessage({ id: 'r2', speaker: 'gpt', content: 'other answer', alternativeOf: 'r1' }),
        ]),
      ),
    );
    expect(screen.getByTestId('unrouted').textContent).toBe(
      'No reply from some names: @bob is not at the table; @gpt is muted.',
    );
    expect(screen.getByTestId('left-out').textContent).toContain('12 older messages were left out');
    const [, first, alternative] = screen.getAllByTestId('message');
    expect(first?.classList.contains('message--alternative')).toBe(false);
    expect(alternative?.classList.contains('message--alternative')).toBe(true);
    expect(alternative?.textContent).toContain('alternative');
  });

  it('a user message has no Prompt; a reply streaming has Prompt alone', () => {
    h.mount();
    h.emit(
      h.host.state(
        viewState({ thread: { busy: true } }, [
          viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'hi' }),
          viewMessage({ id: 's1', speaker: 'claude', status: 'streaming', content: 'typing' }),
        ]),
      ),
    );
    const names = (label: string) =>
      [...screen.getByRole('toolbar', { name: label }).querySelectorAll('button')].map((b) => b.textContent);
    expect(names('Actions for the message from You')).toEqual(['Delete']);
    expect(names('Actions for the message from Claude')).toEqual(['Prompt']);
  });
});

describe('MessageList message actions', () => {
  it('Retry, Delete and Prompt post their intents', () => {
    h.mount();
    h.emit(
      h.host.state(viewState({}, [viewMessage({ id: 'e1', speaker: 'gpt', status: 'error', error: 'HTTP 500' })])),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(h.lastIntent()).toEqual({ type: 'message/retry', payload: { threadId: 'thread-1', messageId: 'e1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete message from GPT' }));
    expect(h.lastIntent()).toEqual({ type: 'message/delete', payload: { threadId: 'thread-1', messageId: 'e1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Prompt: what GPT was sent' }));
    expect(h.lastIntent()).toEqual({ type: 'message/prompt', payload: { threadId: 'thread-1', messageId: 'e1' } });
  });

  it('bidirectional controls in what the user typed and in context blocks are shown, never act', () => {
    h.mount();
    h.emit(
      h.host.state(
        viewState({}, [
          viewMessage({
            id: 'u1',
            role: 'user',
            speaker: 'user',
            content: 'is this \u202eadmin\u202c?',
            contextBlocks: [{ kind: 'file', path: 'a.js', content: '/* \u2066 } if (ok) { \u2069 */' }],
          }),
        ]),
      ),
    );
    const [message] = screen.getAllByTestId('message');
    expect(message?.textContent).toContain('is this [U+202E]admin[U+202C]?');
    expect(message?.textContent).toContain('/* [U+2066] } if (ok) { [U+2069] */');
    expect(message?.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
