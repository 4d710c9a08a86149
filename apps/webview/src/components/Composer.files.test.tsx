import { MAX_FILE_QUERY_CHARS } from '@roundtable/core/limits';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mentionAt } from '../models/mentionQuery';
import { AppHarness, composerInput, typeDraft } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';

// The `#` file autocomplete: the page asks the host for the files that match what follows a `#`, lists the answer
// for what is typed now (never a late one), and on a choice takes the `#name` out of the text and asks the host for
// the file as a chip. Keys and roles are the `@` list's.

let h: AppHarness;
beforeEach(() => {
  h = new AppHarness();
  h.mount();
  h.emit(h.host.state(viewState()));
});
afterEach(() => h.dispose());

const options = () => screen.queryAllByTestId('mention-option').map((o) => o.dataset.id);
const key = (init: KeyboardEventInit) => fireEvent.keyDown(composerInput(), init);
const asked = () => h.transport.posted.filter((m) => m.type === 'files/find').map((m) => m.payload);
const found = (query: string, files: string[]) => h.emit(h.host.send('files/found', { query, files }));
const FILES = ['src/retryPolicy.ts', 'docs/retry notes.md', 'RETRY.md'];

describe('the # file autocomplete', () => {
  it('asks the host as a #name is typed, and lists its answer by path, with the @ list’s roles', () => {
    typeDraft('see #');
    typeDraft('see #Ret');
    expect(asked()).toEqual([{ query: '' }, { query: 'ret' }]);
    expect(screen.queryByTestId('mention-menu')).toBeNull(); // nothing until the host answers
    found('ret', FILES);
    expect(options()).toEqual(FILES);
    expect(screen.getAllByTestId('mention-option').map((o) => o.textContent)).toEqual(FILES);
    const input = composerInput();
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.getByRole('listbox', { name: 'Files to add' }).id).toBe(input.getAttribute('aria-controls'));
    expect(input.getAttribute('aria-activedescendant')).toBe('mention-src/retryPolicy.ts');
    expect(screen.getByText(/matches, Enter or Tab to choose/).textContent).toContain('3 matches');
    key({ key: 'ArrowDown' });
    // A path with a space still names its entry.
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.dataset.id).toBe('docs/retry notes.md');
    expect(active?.getAttribute('aria-selected')).toBe('true');
  });

  it('shows only the answer for what is typed now: an answer to an earlier #name is ignored, however late', () => {
    typeDraft('#re');
    typeDraft('#ret');
    found('re', ['src/re.ts']);
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    found('ret', ['src/retry.ts']);
    expect(options()).toEqual(['src/retry.ts']);
    found('re', ['src/re.ts']); // comes after the current one
    expect(options()).toEqual(['src/retry.ts']);
    typeDraft('#retz');
    expect(screen.queryByTestId('mention-menu')).toBeNull(); // the old answer is not this name's
  });

  it('Enter takes the highlighted file: the #name leaves the text, the host is asked for the chip, nothing is sent', () => {
    fireEvent.input(composerInput(), { target: { value: 'look at #retr please', selectionStart: 13 } });
    found('retr', FILES);
    key({ key: 'ArrowDown' });
    key({ key: 'ArrowDown' });
    key({ key: 'ArrowDown' }); // wraps
    key({ key: 'ArrowUp' });
    key({ key: 'Enter' });
    expect(h.lastIntent()).toEqual({ type: 'context/addFile', payload: { path: 'RETRY.md' } });
    expect(composerInput().value).toBe('look at please');
    expect(composerInput().selectionStart).toBe('look at '.length);
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    expect(h.transport.postedTypes()).not.toContain('chat/send');
    // The host adds the chip; the next message takes it along.
    const block = { kind: 'file' as const, path: 'RETRY.md', content: '# Retry\n' };
    h.emit(h.host.send('context/changed', { blocks: [{ id: 'c1', block }] }));
    expect(screen.getByTestId('context-chip').textContent).toContain('RETRY.md');
  });

  it('Tab and a mouse pick take a file too', () => {
    typeDraft('#retr');
    found('retr', FILES);
    key({ key: 'Tab' });
    expect(h.lastIntent()).toEqual({ type: 'context/addFile', payload: { path: 'src/retryPolicy.ts' } });
    expect(composerInput().value).toBe('');
    typeDraft('and #retr');
    found('retr', FILES);
    fireEvent.mouseDown(screen.getByText('docs/retry notes.md'));
    expect(h.lastIntent()).toEqual({ type: 'context/addFile', payload: { path: 'docs/retry notes.md' } });
    expect(composerInput().value).toBe('and ');
  });

  it('a file the host refuses says why above the message box', () => {
    typeDraft('#logo');
    found('logo', ['logo.png']);
    key({ key: 'Enter' });
    h.answerLast({ ok: false, reason: 'logo.png looks like a binary file; only text files can be added to the chat.' });
    expect(screen.getByText(/logo\.png looks like a binary file/)).toBeTruthy();
  });

  it('Escape closes the list and Enter then sends the text as it is', () => {
    typeDraft('fixes #3');
    found('3', ['src/3d.ts']);
    key({ key: 'Escape' });
    expect(screen.queryByTestId('mention-menu')).toBeNull();
    key({ key: 'Enter' });
    expect(h.lastIntent()).toEqual({ type: 'chat/send', payload: { threadId: 'thread-1', text: 'fixes #3' } });
  });

  it('a key that belongs to an IME composition never takes a file', () => {
    typeDraft('#r');
    found('r', FILES);
    key({ key: 'Enter', isComposing: true });
    expect(composerInput().value).toBe('#r');
    expect(h.transport.postedTypes()).not.toContain('context/addFile');
  });

  it('a # inside a word or a code block asks nothing', () => {
    typeDraft('issue#3');
    typeDraft('```c\n#include');
    expect(asked()).toEqual([]);
  });
});

describe('mentionAt: a #name', () => {
  const long = 'x'.repeat(MAX_FILE_QUERY_CHARS);
  it.each([
    ['#', 1, { start: 0, query: '', files: true }],
    ['see #Src/Re', 11, { start: 4, query: 'src/re', files: true }],
    ['line\n#a.ts', 10, { start: 5, query: 'a.ts', files: true }],
    ['#retry policy', 6, { start: 0, query: 'retry', files: true }],
    [`#${long}`, MAX_FILE_QUERY_CHARS + 1, { start: 0, query: long, files: true }],
    [`#${long}x`, MAX_FILE_QUERY_CHARS + 2, undefined],
    ['issue#3', 7, undefined],
    ['(#x', 3, undefined],
    ['#a#b', 4, undefined],
    ['#a done', 7, undefined],
    ['```\n#include', 12, undefined],
  ])('%j with the caret at %i', (text, caret, expected) => {
    expect(mentionAt(text, caret)).toEqual(expected);
  });
});
