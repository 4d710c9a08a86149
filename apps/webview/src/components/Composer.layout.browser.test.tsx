import '../main.css';
import { screen } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { AppHarness, pageRoot } from '../testing/AppHarness';
import { COUNCIL, councilMessages } from '../testing/councilFixtures';
import { viewState } from '../testing/fixtures';
import { describeInChromium } from '../testing/inChromium';
import { oneRow, vscodeFont } from '../testing/vscodeTheme';

// The composer's controls in a sidebar, with real layout and VS Code's font: To, Mode (in Council mode the Stances
// toggle after it), attach and Send (or Stop) keep one row down to a 240 px sidebar. When the chips need the room, the
// token estimate moves under them, not Send; narrower than about 410 px the chips drop their words To and Mode,
// narrower than about 345 px Send, Stop and Stances show as icons; below 240 px the buttons go under the chips.

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
  screen.queryByTestId('stop') ?? screen.getByTestId('send'),
];

/** Shows a thread with text in `mode` (so the token estimate shows), a reply coming in when `busy`. */
function show(mode: 'discuss' | 'independent' | 'council', busy = false): void {
  h.mount(undefined, undefined, pageRoot());
  h.emit(h.host.state(viewState({ thread: { mode, busy, plans: [COUNCIL] } }, councilMessages())));
  expect(screen.getByTestId('prompt-size')).toBeTruthy();
}

function withinComposer(elements: readonly Element[]): boolean {
  const composer = document.querySelector('.composer')?.getBoundingClientRect();
  return elements.every((el) => {
    const box = el.getBoundingClientRect();
    return composer !== undefined && box.left >= composer.left && box.right <= composer.right;
  });
}

/**
 * What does not fit sideways: the page scrolling sideways, and each element of the composer that reaches past its
 * sides or whose content is wider than its box (but text cut with an ellipsis on purpose, and text kept for screen
 * readers only).
 */
function overflows(): string[] {
  const composer = document.querySelector('.composer');
  if (!composer) return ['no composer'];
  const { left, right } = composer.getBoundingClientRect();
  const page = document.documentElement;
  const problems = page.scrollWidth > page.clientWidth ? [`the page is ${page.scrollWidth} px wide`] : [];
  for (const el of composer.querySelectorAll('*')) {
    if (el.closest('.visually-hidden')) continue;
    const box = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`;
    if (box.width > 0 && (box.left < left - 0.5 || box.right > right + 0.5))
      problems.push(`${name} leaves the composer`);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis') {
      problems.push(`${name}: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
  }
  return problems;
}

/**
 * Whether a select shows its chosen option's text whole, not cut with an ellipsis: the text, in the select's font, is
 * no wider than its content box (to within half a pixel, what measuring in two ways can differ by).
 */
function showsWhole(select: HTMLSelectElement): boolean {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.font = style.font;
  const text = context.measureText(select.selectedOptions[0]?.textContent ?? '').width;
  const box = select.getBoundingClientRect().width;
  const sides = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
  return text <= box - sides.reduce((sum, side) => sum + Number.parseFloat(style[side]), 0) + 0.5;
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

  it.each([300, 180])('in a %d px sidebar, nothing leaves the composer', async (width) => {
    await page.viewport(width, 896);
    show('council');
    expect(withinComposer([...controls(), screen.getByTestId('prompt-size')])).toBe(true);
    expect(overflows()).toEqual([]);
  });
});

describeInChromium('the composer’s row in a 240 px sidebar', () => {
  beforeEach(() => page.viewport(240, 896));

  it.each(['discuss', 'independent', 'council'] as const)(
    'in %s mode, every control keeps one row and shows whole; nothing overflows',
    (mode) => {
      show(mode);
      expect(controls()).toHaveLength(mode === 'council' ? 5 : 4);
      expect(oneRow(controls())).toBe(true);
      expect(overflows()).toEqual([]);
      for (const id of ['target-select', 'mode-select']) {
        expect(showsWhole(screen.getByTestId(id) as HTMLSelectElement), id).toBe(true);
      }
    },
  );

  it('a name too long for the row is cut in the To chip, which still shows some of it, and says it whole', () => {
    const name = 'Claude Sonnet on the team plan';
    const long = { id: 'claude', displayName: name, color: '#D97706', model: 'claude-sonnet', enabled: true };
    h.mount(undefined, undefined, pageRoot());
    h.emit(h.host.state(viewState({ thread: { mode: 'council' }, participants: [long] })));
    expect(oneRow(controls())).toBe(true);
    expect(overflows()).toEqual([]);
    const select = screen.getByTestId('target-select') as HTMLSelectElement;
    expect(showsWhole(select)).toBe(false);
    expect(select.clientWidth).toBeGreaterThanOrEqual(40);
    expect(showsWhole(screen.getByTestId('mode-select') as HTMLSelectElement)).toBe(true);
    expect(chip('target-select').title).toContain(`To: ${name}.`);
  });

  it('Send and Stop show as their icons, keeping their names', () => {
    show('council');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.querySelector('svg')?.getBoundingClientRect().width).toBeGreaterThan(0);
    expect(send.querySelector('.composer-button-word')?.getBoundingClientRect().width).toBe(0);
    h.dispose();

    show('council', true);
    const stop = screen.getByRole('button', { name: 'Stop' });
    expect(stop.querySelector('svg')?.getBoundingClientRect().width).toBeGreaterThan(0);
    expect(oneRow(controls())).toBe(true);
    expect(overflows()).toEqual([]);
  });
});
