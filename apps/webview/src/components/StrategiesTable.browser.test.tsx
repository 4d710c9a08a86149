import '../main.css';
import { fireEvent, screen } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { AppHarness, messageEl, pageRoot } from '../testing/AppHarness';
import { VOTE_READING, voteState } from '../testing/councilFixtures';
import { describeInChromium } from '../testing/inChromium';
import { vscodeFont } from '../testing/vscodeTheme';
import { councilViews } from './lazyViews';

// Compare strategies in a narrow sidebar, with real layout: the table keeps its figures on one line each and scrolls
// sideways inside its own box, which the keyboard reaches; the message and the list around it do not widen.

const h = new AppHarness();
let restoreFont = () => {};
beforeAll(async () => {
  restoreFont = vscodeFont();
  await councilViews.load();
  await page.viewport(300, 896);
});
afterAll(async () => {
  restoreFont();
  await page.viewport(414, 896);
});
afterEach(() => h.dispose());

describeInChromium('the strategies table in a 300 px sidebar', () => {
  it('scrolls sideways in its own box, reached by Tab, and widens neither the message nor the list', async () => {
    h.mount(undefined, undefined, pageRoot());
    h.emit(h.host.state(voteState(VOTE_READING, true)));
    const open = screen.getByTestId('compare-strategies');
    fireEvent.click(open);
    const table = screen.getByTestId('strategies-table');
    const box = table.closest('section') as HTMLElement;
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    // Each figure on one line: a row is as tall as its name's line.
    const row = table.querySelector('tr[data-kind="disputes"]') as HTMLElement;
    const lineHeight = Number.parseFloat(getComputedStyle(row).lineHeight);
    for (const cell of row.children) expect(cell.getBoundingClientRect().height).toBeLessThan(lineHeight * 2);
    const message = messageEl('s1').getBoundingClientRect();
    expect(box.getBoundingClientRect().right).toBeLessThanOrEqual(message.right);
    const list = screen.getByTestId('message-list');
    expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    // The next stop after the button that opened it.
    open.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(box);
    box.scrollLeft = box.scrollWidth;
    expect(box.scrollLeft).toBeGreaterThan(0);
  });
});
