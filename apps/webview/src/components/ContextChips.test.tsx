import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness, composerInput } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';
import { chipLabel } from './ContextChips';

const h = new AppHarness();
afterEach(() => h.dispose());

const selection = {
  id: 'c1',
  block: { kind: 'selection' as const, path: 'src/deep/parser.ts', range: [3, 7] as [number, number], content: 'x' },
};
const file = { id: 'c2', block: { kind: 'file' as const, path: 'README.md', content: '# Hi' } };

describe('editor context in the composer', () => {
  it('shows each chip by file name and lines, with its path in the tooltip, and removes one through the host', () => {
    h.mount();
    h.emit(h.host.state(viewState({ context: [selection, file] })));
    const chips = screen.getAllByTestId('context-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['Selection parser.ts:3-7', 'File README.md']);
    // Each chip's remove button is an icon (no glyph a font may lack), named for screen readers.
    for (const chip of chips) expect(chip.querySelector('button svg[aria-hidden="true"]')).not.toBeNull();
    expect(chips[0]?.querySelector('[title]')?.getAttribute('title')).toBe('Selection: src/deep/parser.ts (lines 3-7)');
    fireEvent.click(screen.getByRole('button', { name: 'Remove parser.ts:3-7' }));
    expect(h.lastIntent()).toEqual({ type: 'context/remove', payload: { id: 'c1' } });
    // The host owns the list: the chip goes when it says so.
    expect(screen.getAllByTestId('context-chip')).toHaveLength(2);
    h.emit(h.host.send('context/changed', { blocks: [file] }));
    expect(screen.getAllByTestId('context-chip')).toHaveLength(1);
  });

  it("names changes by which they are, and problems by their file or as the workspace's", () => {
    expect(chipLabel({ kind: 'changes', path: '.', scope: 'unstaged', content: '' })).toBe('Unstaged changes');
    expect(chipLabel({ kind: 'changes', path: 'lib', scope: 'all', content: '' })).toBe('Changes');
    expect(chipLabel({ kind: 'problems', path: 'src/a.ts', content: '' })).toBe('a.ts');
    expect(chipLabel({ kind: 'problems', path: '.', content: '' })).toBe('Problems');
  });

  it('chips alone make a message: Send is enabled and Enter sends', () => {
    h.mount();
    h.emit(h.host.state(viewState({ context: [file] })));
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(composerInput(), { key: 'Enter' });
    expect(h.lastIntent()).toEqual({ type: 'chat/send', payload: { threadId: 'thread-1', text: '' } });
  });

  it('without chips an empty box sends nothing', () => {
    h.mount();
    h.emit(h.host.state(viewState()));
    expect(screen.queryByTestId('context-chips')).toBeNull();
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(composerInput(), { key: 'Enter' });
    expect(h.lastIntent()?.type).toBe('view/ready');
  });
});

describe('chipLabel', () => {
  it.each([
    [{ kind: 'selection' as const, path: 'a/b.ts', range: [4, 4] as [number, number], content: '' }, 'b.ts:4'],
    [{ kind: 'file' as const, path: 'C:\\work\\x.py', content: '' }, 'x.py'],
  ])('%j → %s', (block, label) => expect(chipLabel(block)).toBe(label));
});
