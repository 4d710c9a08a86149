import '../main.css';
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { AppHarness, pageRoot } from '../testing/AppHarness';
import { priorMessages, viewState } from '../testing/fixtures';
import { nextFrame, untilFrame } from '../testing/frames';
import { describeInChromium } from '../testing/inChromium';
import { INITIAL_WINDOW } from './messageWindow';
import { isNearBottom } from './scroll';

// The list's window with real layout, in Chromium with the real stylesheets: a 10,000-message thread opens with a
// bounded number of messages in the page, fills the screen, renders older ones in as the user scrolls up without
// moving what is on screen, and Jump to latest goes back to the newest.

const h = new AppHarness();
afterEach(() => h.dispose());

const rendered = () => [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')];
const list = () => screen.getByTestId('message-list');

/** Waits until the list stops rendering messages in (it fills a screen above what it shows, a frame at a time). */
async function settled(): Promise<void> {
  let count = -1;
  let still = 0;
  while (still < 5) {
    await nextFrame();
    still = rendered().length === count ? still + 1 : 0;
    count = rendered().length;
  }
}

describeInChromium('the message list’s window in Chromium', () => {
  it('opens a 10,000-message thread at its end with a bounded number of messages, filling more than a screen', async () => {
    h.mount(undefined, undefined, pageRoot());
    h.emit(h.host.state(viewState({}, priorMessages(10_000))));
    expect(rendered()).toHaveLength(INITIAL_WINDOW);
    await untilFrame(() => isNearBottom(list()), 'the list to show its end');
    await settled();
    expect(rendered().length).toBeLessThanOrEqual(100);
    expect(rendered().at(-1)?.dataset.messageId).toBe('m9999');
    expect(list().scrollHeight - list().clientHeight).toBeGreaterThanOrEqual(list().clientHeight);
    expect(isNearBottom(list())).toBe(true);
  });

  it('renders older messages in as the user scrolls up, leaving what is on screen where it is', async () => {
    h.mount(undefined, undefined, pageRoot());
    h.emit(h.host.state(viewState({}, priorMessages(10_000))));
    await untilFrame(() => isNearBottom(list()), 'the list to show its end');
    await settled();
    for (let step = 0; step < 4; step++) {
      const before = rendered().length;
      const oldest = rendered()[0];
      list().scrollTop = 0; // the user scrolls, pages or presses Home up to the top of what is rendered
      const top = oldest?.getBoundingClientRect().top;
      await untilFrame(() => rendered().length > before, 'older messages to render in');
      await nextFrame();
      expect(oldest?.isConnected).toBe(true);
      expect(Math.abs((oldest?.getBoundingClientRect().top ?? 0) - (top ?? 0))).toBeLessThanOrEqual(1);
      expect(list().scrollTop).toBeGreaterThan(0);
    }
    expect(screen.getByTestId('jump-latest')).not.toBeNull();
  });

  it('Jump to latest shows the newest messages again, with the window the thread opened with', async () => {
    h.mount(undefined, undefined, pageRoot());
    h.emit(h.host.state(viewState({}, priorMessages(10_000))));
    await untilFrame(() => isNearBottom(list()), 'the list to show its end');
    await settled();
    const opened = rendered().length;
    for (let step = 0; step < 3; step++) {
      const before = rendered().length;
      list().scrollTop = 0;
      await untilFrame(() => rendered().length > before, 'older messages to render in');
    }
    await untilFrame(() => screen.queryByTestId('jump-latest') !== null, 'Jump to latest');
    fireEvent.click(screen.getByTestId('jump-latest'));
    await settled();
    expect(isNearBottom(list())).toBe(true);
    expect(rendered().length).toBeLessThanOrEqual(opened);
    expect(rendered().at(-1)?.dataset.messageId).toBe('m9999');
    expect(screen.queryByTestId('jump-latest')).toBeNull();
  });
});
