import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { AppHarness, composerInput } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';
import { imageViews } from './lazyImages';
import { turnLine } from './TurnStatus';

// Every button that shows no word shows an icon: an SVG, hidden from screen readers and never a Tab stop, and no text
// glyph (＋, ×) that a font may lack; its name is in aria-label, title or text kept for screen readers.

const h = new AppHarness();
afterEach(() => h.dispose());
beforeAll(async () => {
  await turnLine.load();
  await imageViews.load();
});

/** Text a sighted user sees in `el`: its text without what is kept for screen readers only. */
function visibleText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
  return copy.textContent?.trim() ?? '';
}

/** The page's buttons (and the attach label, a file picker's button) that show no word. */
function iconButtons(): Element[] {
  return [...document.querySelectorAll('button, label:has(> input[type="file"])')].filter(
    (el) => !/[\p{L}\p{N}]/u.test(visibleText(el)),
  );
}

const nameOf = (el: Element) =>
  el.getAttribute('aria-label') ?? el.querySelector('.visually-hidden')?.textContent ?? el.getAttribute('title');

it('the composer with a chip and an image, a notice and a stopped turn: each icon button is an SVG, and named', async () => {
  const file = { id: 'c1', block: { kind: 'file' as const, path: 'src/retry.ts', content: 'export {};' } };
  const image = {
    id: 'i1',
    image: { sha256: 'ab'.repeat(32), mime: 'image/png' as const, bytes: 68, name: 'shot.png' },
  };
  h.mount();
  h.emit(
    h.host.state(
      viewState({ context: [file], images: [image], turn: { state: 'stopped', step: 'answer', skipped: ['gpt'] } }),
    ),
  );
  await screen.findByRole('button', { name: 'Remove shot.png' });
  // A file that is not an image: the page's own notice, with its Dismiss.
  fireEvent.paste(composerInput(), {
    clipboardData: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] },
  });
  await waitFor(() => expect(screen.getByTestId('notice')).toBeTruthy());

  const buttons = iconButtons();
  expect(buttons.map(nameOf).sort()).toEqual([
    'Attach images',
    'Dismiss',
    'Dismiss: do not continue',
    'Remove retry.ts',
    'Remove shot.png',
  ]);
  for (const button of buttons) {
    expect(visibleText(button), nameOf(button) ?? '').toBe('');
    const icon = button.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('focusable')).toBe('false');
    expect(icon?.getAttribute('style')).toBeNull();
  }
});
