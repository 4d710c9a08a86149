import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';

// A message's own actions (Retry, Prompt, Delete): one toolbar, one Tab stop, each posting its intent.

const h = new AppHarness();
afterEach(() => h.dispose());

describe('MessageList message actions toolbar', () => {
  it('is one Tab stop per message; arrows move from Retry to Prompt to Delete', () => {
    h.mount();
    h.emit(
      h.host.state(viewState({}, [viewMessage({ id: 'e1', speaker: 'gpt', status: 'error', error: 'HTTP 500' })])),
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the message from GPT' });
    const [retry, prompt, remove] = [...toolbar.querySelectorAll('button')];
    expect([retry, prompt, remove].map((b) => b?.textContent)).toEqual(['Retry', 'Prompt', 'Delete']);
    expect([retry?.tabIndex, prompt?.tabIndex, remove?.tabIndex]).toEqual([0, -1, -1]);
    retry?.focus();
    fireEvent.keyDown(retry as HTMLButtonElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(prompt);
    fireEvent.keyDown(prompt as HTMLButtonElement, { key: 'End' });
    expect(document.activeElement).toBe(remove);
    expect([retry?.tabIndex, prompt?.tabIndex, remove?.tabIndex]).toEqual([-1, -1, 0]);
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
});
