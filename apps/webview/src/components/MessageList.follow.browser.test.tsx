import '../main.css';
import { screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { AppHarness, messageEl, pageRoot } from '../testing/AppHarness';
import { priorMessages, viewState } from '../testing/fixtures';
import { nextFrame, untilFrame } from '../testing/frames';
import { describeInChromium } from '../testing/inChromium';
import { isNearBottom } from './scroll';

// Content that grows after the list has settled, with no change to the messages: an image decoding, a code block
// highlighted, a lazy view's chunk arriving. Nothing in the thread's state changes, so only the layout can tell the
// list to follow. Here a block in the newest message gets taller, as a decoded image or a highlighted block would.

const h = new AppHarness();
afterEach(() => h.dispose());

const list = () => screen.getByTestId('message-list');
const NEWEST = 'm29';

/** Opens a 30-message thread and waits until it shows its end and stops rendering older messages in. */
async function openAtEnd(): Promise<void> {
  h.mount(undefined, undefined, pageRoot());
  h.emit(h.host.state(viewState({}, priorMessages(30))));
  await untilFrame(() => isNearBottom(list()), 'the list to show its end');
  await laidOut();
  expect(isNearBottom(list())).toBe(true);
}

/**
 * Waits until the list's layout holds still for a few frames: messages coming on screen for the first time replace
 * their estimated height with their real one (`content-visibility: auto`), and the window may render older ones in.
 */
async function laidOut(): Promise<void> {
  let was = '';
  let still = 0;
  while (still < 5) {
    await nextFrame();
    const now = `${list().scrollHeight}:${list().scrollTop}`;
    still = now === was ? still + 1 : 0;
    was = now;
  }
}

/** A block in the newest message that the test makes taller, outside Preact (as a decoding image would). */
function lateBlock(): HTMLElement {
  const block = document.createElement('div');
  block.dataset.testid = 'late-block';
  block.style.height = '0px';
  messageEl(NEWEST).append(block);
  return block;
}

/**
 * Grows `block` to `height` and resolves once resize observers have been told: after the list's own observer (created
 * before this one, so notified before it in the same round) has handled the change. The group holding the newest
 * message is watched, which grows with it whatever the list observes.
 */
async function growAndReport(block: HTMLElement, height: number): Promise<void> {
  const group = block.closest('.message-group');
  if (!group) throw new Error('the block is in no group');
  let reported: () => void = () => {};
  const observer = new ResizeObserver(() => reported());
  // Observing reports the size it starts from: wait for that, so the change is a report of its own.
  await new Promise<void>((resolve) => {
    reported = resolve;
    observer.observe(group);
  });
  await new Promise<void>((resolve) => {
    reported = resolve;
    block.style.height = `${height}px`;
  });
  observer.disconnect();
}

describeInChromium('the message list following content that grows after it settled', () => {
  it('keeps the end in view while a block in the newest message grows, step by step', async () => {
    await openAtEnd();
    const block = lateBlock();
    for (const height of [120, 400, 900]) {
      block.style.height = `${height}px`;
      await expect.poll(() => isNearBottom(list()), { timeout: 2000 }).toBe(true);
    }
    expect(list().scrollHeight - list().clientHeight - list().scrollTop).toBeLessThanOrEqual(1);
    expect(screen.queryByTestId('jump-latest')).toBeNull();
  });

  it('leaves a user who scrolled up where they are when content grows', async () => {
    await openAtEnd();
    const block = lateBlock();
    // Up by a little over half a screen: more than the threshold, and not near the top (where older messages would
    // render in above, which is the window's business, not this test's).
    list().scrollTop -= Math.round(list().clientHeight * 0.6);
    await untilFrame(() => screen.queryByTestId('jump-latest') !== null, 'the list to stop following');
    await laidOut();
    const readingAt = list().scrollTop;
    await growAndReport(block, 900);
    await nextFrame();
    await nextFrame();
    expect(list().scrollTop).toBe(readingAt);
    expect(isNearBottom(list())).toBe(false);
    expect(screen.getByTestId('jump-latest')).not.toBeNull();
  });
});
