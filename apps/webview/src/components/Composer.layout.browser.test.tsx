import '../main.css';
import { screen } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { AppHarness, pageRoot } from '../testing/AppHarness';
import { COUNCIL, councilMessages } from '../testing/councilFixtures';
import { viewState } from '../testing/fixtures';
import { describeInChromium } from '../testing/inChromium';
import { oneRow, vscodeFont } from '../testing/vscodeTheme';

// The composer's controls in a sidebar, with real layout and VS Code's font: To, Mode (in Council mode the Stances
// toggle after it), attach and Send keep one row. When the chips need the room, the token estimate moves under them,
// not Send.

const h = new AppHarness();
let restoreFont = () => {};
beforeAll(async () => {
  restoreFont = vscodeFont();
  await document.fonts.ready;
});
afterAll(() => restoreFont());
afterEach(async () => {
  h.dispose();
  await page.viewport(414, 896);
});

const chip = (testId: string) => screen.getByTestId(testId).closest('label') as HTMLElement;
const controls = () => [
  chip('target-select'),
  chip('mode-select'),
  ...(screen.queryByTestId('stances-toggle') ? [chip('stances-toggle')] : []),
  chip('attach-image'),
  screen.getByTestId('send'),
];

/** Shows a thread with text in `mode` (so the token estimate shows) at a sidebar's width. */
function show(mode: 'discuss' | 'independent' | 'council'): void {
  h.mount(undefined, undefined, pageRoot());
  h.emit(h.host.state(viewState({ thread: { mode, plans: [COUNCIL] } }, councilMessages())));
  expect(screen.getByTestId('prompt-size')).toBeTruthy();
}

function withinComposer(elements: readonly Element[]): boolean {
  const composer = document.querySelector('.composer')?.getBoundingClientRect();
  return elements.every((el) => {
    const box = el.getBoundingClientRect();
    return composer !== undefined && box.left >= composer.left && box.right <= composer.right;
  });
}

describeInChromium('the composer’s row in a 414 px sidebar', () => {
  it('in Council mode, To, Mode, Stances, attach and Send share one row; the estimate goes under the chips', () => {
    show('council');
    expect(controls()).toHaveLength(5);
    expect(oneRow(controls())).toBe(true);
    expect(withinComposer(controls())).toBe(true);
  });

  it.each(['discuss', 'independent'] as const)('in %s mode, the controls and the estimate share one row', (mode) => {
    show(mode);
    expect(controls()).toHaveLength(4);
    expect(oneRow([...controls(), screen.getByTestId('prompt-size')])).toBe(true);
  });

  it('an empty Council thread (no estimate) keeps every control on one row', () => {
    h.mount(undefined, undefined, pageRoot());
    h.emit(h.host.state(viewState({ thread: { mode: 'council' } })));
    expect(screen.queryByTestId('prompt-size')).toBeNull();
    expect(oneRow(controls())).toBe(true);
  });

  it('in a 300 px sidebar, nothing leaves the composer', async () => {
    await page.viewport(300, 896);
    show('council');
    expect(withinComposer([...controls(), screen.getByTestId('prompt-size')])).toBe(true);
  });
});
