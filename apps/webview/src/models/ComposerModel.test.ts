import { describe, expect, it } from 'vitest';
import { chatState, stateMessage } from '../testing/fixtures';
import { FakeHostTransport, MemoryUiStateStore } from '../transport/FakeHostTransport';
import { ChatModel } from './ChatModel';
import { ComposerModel } from './ComposerModel';

function setup(busy = false, draft = '') {
  const transport = new FakeHostTransport();
  const chat = new ChatModel(transport);
  transport.emit(stateMessage(chatState({ busy })));
  const store = new MemoryUiStateStore({ draft });
  return { transport, store, composer: new ComposerModel(chat, store) };
}

describe('ComposerModel', () => {
  it('starts from the stored draft and persists every change', () => {
    const { store, composer } = setup(false, 'restored');
    expect(composer.draft.value).toBe('restored');
    composer.setDraft('edited');
    expect(store.state).toEqual({ draft: 'edited' });
  });

  it('clears the draft (and the stored copy) once sent', () => {
    const { transport, store, composer } = setup();
    composer.setDraft('hello');
    expect(composer.submit()).toBe(true);
    expect(composer.draft.value).toBe('');
    expect(store.state).toEqual({ draft: '' });
    expect(transport.postedTypes()).toEqual(['ready', 'sendMessage']);
  });

  it('keeps the draft when a turn is running', () => {
    const { composer } = setup(true);
    composer.setDraft('wait for it');
    expect(composer.submit()).toBe(false);
    expect(composer.draft.value).toBe('wait for it');
    expect(composer.problem.value).toBeUndefined();
  });

  it('explains a refusal for length until the draft changes', () => {
    const { composer } = setup();
    composer.setDraft('x'.repeat(250_000));
    expect(composer.submit()).toBe(false);
    expect(composer.problem.value).toBe(
      'This message has 250,000 characters; the limit is 200,000. Shorten it or split it into several messages.',
    );
    composer.setDraft('short');
    expect(composer.problem.value).toBeUndefined();
  });

  it('stops persisting when disposed', () => {
    const { store, composer } = setup();
    composer.dispose();
    composer.setDraft('after dispose');
    expect(store.state).toEqual({ draft: '' });
  });
});
