import '../main.css';
import { screen } from '@testing-library/preact';
import axe from 'axe-core';
import { afterEach, expect, it } from 'vitest';
import { AppHarness, composerInput, pageRoot, typeDraft } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';
import { describeInChromium } from '../testing/inChromium';

// axe-core over the composer in real Chromium, with all its rules at every impact, the minor ones too (a role or an
// ARIA attribute the element may not have: `aria-allowed-role`, `aria-allowed-attr`): the message box, the chips with
// their remove buttons, the icon buttons, and the @ menu open over the box with an entry highlighted.

const h = new AppHarness();
afterEach(() => h.dispose());

/** Each violation inside the composer, as `rule (impact): element`. */
async function violations(): Promise<string[]> {
  const form = document.querySelector('.composer');
  if (!form) throw new Error('no composer');
  const result = await axe.run(form, { resultTypes: ['violations'] });
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.html}`));
}

const file = { id: 'c1', block: { kind: 'file' as const, path: 'src/retry.ts', content: 'export {};' } };

describeInChromium('axe over the composer', () => {
  it('finds nothing in a Council thread with a chip, with the @ menu closed and open', async () => {
    h.mount(undefined, undefined, pageRoot());
    h.emit(h.host.state(viewState({ thread: { mode: 'council' }, context: [file] })));
    expect(await violations()).toEqual([]);

    typeDraft('@');
    expect(screen.getByRole('listbox', { name: 'Who to address' })).toBeTruthy();
    expect(composerInput().getAttribute('aria-activedescendant')).toBe('mention-claude');
    expect(await violations()).toEqual([]);
  });
});
