import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mentionAt } from '../models/mentionQuery';
import { AppHarness, composerInput, typeDraft } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';

let h: AppHarness;
beforeEach(() => {
  h = new AppHarness();
  h.mount();
});
afterEach(() => h.dispose());

const options = () => screen.queryAllByTestId('mention-option').map((o) => o.dataset.id);
const key = (init: KeyboardEventInit) => fireEvent.keyDown(composerInput(), init);

describe('the @ autocomplete', () => {
  beforeEach(() => h.emit(h.host.state(viewState())));

  it('lists the enabled participants and everyone, filters as you type, and says how many match', () => {
    typeDraft('@');
    expect(options()).toEqual(['claude', 'gpt', 'all']); // gemini is disabled
    // An autocompleting textbox (no combobox role, which a textarea may not take): it names the open list.
    expect(composerInput().getAttribute('role')).toBeNull();
    expect(composerInput().getAttribute('aria-autocomplete')).toBe('list');
    expect(composerInput().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(screen.getByText(/matches, Enter or Tab to choose/).textContent).toContain('3 matches');
    typeDraft('@g');
    expect(options()).toEqual(['gpt']);
    typeDraft('@Cla'); // by name too, in any case
    expect(options()).toEqual(['claude']);
    typeDraft('@zed');
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    expect(composerInput().getAttribute('aria-controls')).toBeNull();
    expect(composerInput().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('Enter takes the highlighted name instead of sending; arrows move, wrapping; Tab takes too', () => {
    typeDraft('@');
    expect(composerInput().getAttribute('aria-activedescendant')).toBe('mention-claude');
    key({ key: 'ArrowDown' });
    key({ key: 'ArrowDown' });
    expect(composerInput().getAttribute('aria-activedescendant')).toBe('mention-all');
    key({ key: 'ArrowDown' });
    expect(composerInput().getAttribute('aria-activedescendant')).toBe('mention-claude');
    key({ key: 'ArrowUp' });
    key({ key: 'Enter' });
    expect(composerInput().value).toBe('@all ');
    expect(h.transport.postedTypes()).not.toContain('chat/send');

    typeDraft('Ask @g');
    key({ key: 'Tab' });
    expect(composerInput().value).toBe('Ask @gpt ');
    expect(composerInput().selectionStart).toBe('Ask @gpt '.length);
    key({ key: 'Enter' });
    expect(h.lastIntent()).toEqual({ type: 'chat/send', payload: { threadId: 'thread-1', text: 'Ask @gpt ' } });
  });

  it('replaces the whole name under the caret, and a mouse pick works the same', () => {
    fireEvent.input(composerInput(), { target: { value: 'Hi @cl there', selectionStart: 6, selectionEnd: 6 } });
    fireEvent.mouseDown(screen.getByText('@claude'));
    expect(composerInput().value).toBe('Hi @claude there');
  });

  it('Escape closes the list (the draft stays, nothing is stopped) and Enter then sends', () => {
    typeDraft('@cl');
    key({ key: 'Escape' });
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    expect(composerInput().value).toBe('@cl');
    key({ key: 'Enter' });
    expect(h.lastIntent()).toEqual({ type: 'chat/send', payload: { threadId: 'thread-1', text: '@cl' } });
  });

  it('a key that belongs to an IME composition never takes a name', () => {
    typeDraft('@c');
    key({ key: 'Enter', isComposing: true });
    key({ key: 'Enter', keyCode: 229 });
    expect(composerInput().value).toBe('@c');
    expect(options()).toEqual(['claude']);
  });
});

describe('mentionAt', () => {
  it.each([
    ['@', 1, { start: 0, query: '', files: false }],
    ['hi @Gp', 6, { start: 3, query: 'gp', files: false }],
    ['(@cl', 4, { start: 1, query: 'cl', files: false }],
    ['me@claude', 9, undefined],
    ['@claude done', 12, undefined],
    ['```ts\n@Component', 16, undefined],
    ['```ts\nx\n```\n@cl', 15, { start: 12, query: 'cl', files: false }],
  ])('%j with the caret at %i', (text, caret, expected) => {
    expect(mentionAt(text, caret)).toEqual(expected);
  });
});

describe('composer keys around a turn', () => {
  it('Escape stops the reply coming in; Enter meanwhile says why it waits and keeps the text', () => {
    h.emit(h.host.state(viewState({ thread: { busy: true } })));
    typeDraft('next question');
    key({ key: 'Enter' });
    expect(h.transport.postedTypes()).not.toContain('chat/send');
    expect(screen.getByRole('alert').textContent).toContain('A reply is still coming in this thread');
    key({ key: 'Escape' });
    expect(h.lastIntent()).toEqual({ type: 'chat/stop', payload: { threadId: 'thread-1' } });
    expect(composerInput().value).toBe('next question');
  });

  it('ArrowUp in an empty box brings back the last message sent in this thread, and only then', () => {
    h.emit(
      h.host.state(
        viewState({}, [
          viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'first' }),
          viewMessage({ id: 'a1', content: 'answer' }),
          viewMessage({ id: 'u2', role: 'user', speaker: 'user', content: 'second, to edit' }),
        ]),
      ),
    );
    typeDraft('typed');
    expect(key({ key: 'ArrowUp' })).toBe(true); // not handled: the caret moves as usual
    expect(composerInput().value).toBe('typed');
    typeDraft('');
    expect(key({ key: 'ArrowUp' })).toBe(false);
    expect(composerInput().value).toBe('second, to edit');
  });

  it('shows roughly how much the next reply’s model reads', () => {
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'a1', content: 'x'.repeat(8_000) })])));
    expect(screen.getByTestId('prompt-size').textContent).toBe('~2K tokens');
    // Context chips go along with the next message, so they count too.
    const block = { kind: 'file' as const, path: 'big.ts', content: 'y'.repeat(4_000) };
    h.emit(h.host.send('context/changed', { blocks: [{ id: 'c1', block }] }));
    expect(screen.getByTestId('prompt-size').textContent).toBe('~3K tokens');
  });
});
