import '../main.css';
import type { SynthesisReading } from '@roundtable/core/protocol';
import { screen, within } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { AppHarness, pageRoot } from '../testing/AppHarness';
import { COUNCIL, councilMessages, LEDGER_TEXT } from '../testing/councilFixtures';
import { viewState } from '../testing/fixtures';
import { nextFrame, untilFrame } from '../testing/frames';
import { describeInChromium } from '../testing/inChromium';
import { vscodeFont } from '../testing/vscodeTheme';
import { councilViews } from './lazyViews';

// A council's ledger at the width it has, with real layout and VS Code's font: in a 300 px sidebar one card per
// claim, every seat's mark and name inside it; at 600 px the table; a table wider than its box says it scrolls
// until it is scrolled to its end.

/** Three seats (Grok's answer failed: it has no mark on the second claim), long claims, one long unbroken word. */
const CLAIMS: NonNullable<SynthesisReading['claims']> = [
  {
    claim: 'The parser must reject a date whose month and day cannot both be read from the input without guessing',
    marks: { claude: 'supported', gpt: 'disputed', grok: 'not addressed' },
  },
  {
    claim: 'Calling parseStrictIsoDateWithoutGuessingTheLocaleOrTheTimeZone() everywhere is needed before the release',
    marks: { claude: 'disputed', gpt: 'supported' },
  },
];
const READING: SynthesisReading = { claims: CLAIMS, answer: 'Parse strictly.' };

/** Each seat's card line, as seen (the mark, then the name) and as heard (the name, then the mark's word). */
const CARD_LINES = [
  ['✓ Claude: supported', '✗ GPT: disputed', '– Grok: not addressed'],
  ['✗ Claude: disputed', '✓ GPT: supported', ' Grok: no mark'],
];

const h = new AppHarness();
let restoreFont = () => {};
/** What the page reported as errors: a size change made inside a ResizeObserver's report shows here. */
const errors: string[] = [];
const onError = (event: ErrorEvent) => errors.push(event.message);
beforeAll(async () => {
  restoreFont = vscodeFont();
  await document.fonts.ready;
  await councilViews.load();
  addEventListener('error', onError);
});
afterAll(() => {
  restoreFont();
  removeEventListener('error', onError);
});
afterEach(async () => {
  // A frame for what the last one measured to be reported.
  await nextFrame();
  h.dispose();
  await page.viewport(414, 896);
  expect(errors.splice(0)).toEqual([]);
});

/** Shows the council with `READING` as its synthesis's ledger at a panel `width` wide; the seats named `names`. */
async function showLedger(width: number, names = ['Claude', 'GPT', 'Grok']): Promise<HTMLElement> {
  await page.viewport(width, 896);
  const colors = ['#D97706', '#10A37F', '#4285F4'];
  const participants = ['claude', 'gpt', 'grok'].map((id, i) => ({
    id,
    displayName: names[i] ?? id,
    color: colors[i] ?? '',
    model: id,
    enabled: true,
  }));
  h.mount(undefined, undefined, pageRoot());
  h.emit(
    h.host.state(
      viewState({ thread: { mode: 'council', plans: [COUNCIL] }, participants }, councilMessages(LEDGER_TEXT, READING)),
    ),
  );
  return screen.getByTestId('ledger');
}

const within1px = (inner: DOMRect, outer: DOMRect) =>
  inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.width > 0 && inner.height > 0;

describeInChromium('the ledger at the width it has', () => {
  it('in a 300 px sidebar: one card per claim, the claim in full, every seat’s mark and name inside its card', async () => {
    const ledger = await showLedger(300);
    expect(ledger.getBoundingClientRect().width).toBeLessThan(400);
    // The table is not displayed at all: no box, no Tab stop, nothing for a screen reader.
    expect(screen.getByTestId('ledger-table').checkVisibility()).toBe(false);
    expect(getComputedStyle(ledger.querySelector('.ledger-scroll') as Element).display).toBe('none');
    const cards = screen.getByTestId('ledger-cards');
    expect(cards.checkVisibility()).toBe(true);
    const [list] = within(cards).getAllByRole('list');
    const items = [...(list?.children ?? [])] as HTMLElement[];
    expect(items).toHaveLength(CLAIMS.length);
    items.forEach((card, row) => {
      const box = card.getBoundingClientRect();
      // The card takes the ledger's width; its claim is its first text, whole.
      expect(box.width).toBeGreaterThan(ledger.getBoundingClientRect().width - 2);
      expect(card.firstChild?.textContent).toBe(CLAIMS[row]?.claim);
      expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
      const seats = within(card).getAllByRole('listitem');
      expect(seats.map((seat) => seat.textContent)).toEqual(CARD_LINES[row]);
      for (const seat of seats) {
        expect(seat.checkVisibility()).toBe(true);
        expect(within1px(seat.getBoundingClientRect(), box)).toBe(true);
        const symbol = seat.querySelector('[aria-hidden]') as HTMLElement;
        expect(symbol.getAttribute('aria-hidden')).toBe('true');
        if (symbol.textContent) expect(within1px(symbol.getBoundingClientRect(), box)).toBe(true);
      }
    });
    expect(ledger.scrollWidth).toBeLessThanOrEqual(ledger.clientWidth);
    const messages = screen.getByTestId('message-list');
    expect(messages.scrollWidth).toBeLessThanOrEqual(messages.clientWidth);
    // No scroll hint for a table not shown.
    expect(ledger.dataset.overflow).toBe('');
  });

  it('at 600 px: the table, which fits, with no scroll hint; the cards are not displayed', async () => {
    const ledger = await showLedger(600);
    expect(ledger.getBoundingClientRect().width).toBeGreaterThanOrEqual(400);
    const table = screen.getByTestId('ledger-table');
    expect(table.checkVisibility()).toBe(true);
    expect(screen.getByTestId('ledger-cards').checkVisibility()).toBe(false);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(CLAIMS.map((c) => c.claim));
    const box = table.closest('section') as HTMLElement;
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    // Two frames: the table measured (after layout) and the ledger rendered again with what was found.
    await nextFrame();
    await nextFrame();
    expect(ledger.dataset.overflow).toBe('');
    expect(getComputedStyle(ledger, '::after').content).toBe('none');
  });

  it('a table wider than its box shows a shadow and “Scroll for more” until scrolled to its end', async () => {
    const long = ['Claude Sonnet via the Anthropic plan', 'GPT via the ChatGPT Plus plan', 'Grok via the X plan'];
    const ledger = await showLedger(600, long);
    const box = screen.getByTestId('ledger-table').closest('section') as HTMLElement;
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    await untilFrame(() => ledger.dataset.overflow === 'more', 'the scroll hint');
    const hint = getComputedStyle(ledger, '::after');
    expect(hint.content).toContain('Scroll for more');
    expect(hint.visibility).toBe('visible');
    // The hint has a line of its own under the box, and the shadow lies over the box's right edge.
    expect(ledger.getBoundingClientRect().bottom).toBeGreaterThan(box.getBoundingClientRect().bottom + 5);
    expect(getComputedStyle(ledger, '::before').content).not.toBe('none');
    const height = ledger.getBoundingClientRect().height;

    box.scrollLeft = box.scrollWidth;
    await untilFrame(() => ledger.dataset.overflow === 'end', 'the hint to go at the end');
    expect(getComputedStyle(ledger, '::after').visibility).toBe('hidden');
    expect(getComputedStyle(ledger, '::before').content).toBe('none');
    // Hidden in place: what follows the ledger does not move.
    expect(ledger.getBoundingClientRect().height).toBe(height);

    box.scrollLeft = 0;
    await untilFrame(() => ledger.dataset.overflow === 'more', 'the hint back away from the end');
  });
});
