import '../main.css';
import { screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { AppHarness, pageRoot } from '../testing/AppHarness';
import { COUNCIL, councilMessages } from '../testing/councilFixtures';
import { priorMessages, viewState } from '../testing/fixtures';
import { untilFrame } from '../testing/frames';
import { describeInChromium } from '../testing/inChromium';
import { councilViews } from './lazyViews';
import { isNearBottom } from './scroll';

// The council's views are a lazy chunk, loaded when a thread first shows one, after the list has rendered (and
// scrolled to its end) without them. With real layout: their rows and the ledger arriving leave the list at its end.

const h = new AppHarness();
afterEach(() => h.dispose());

const list = () => screen.getByTestId('message-list');

describeInChromium('the council’s views arriving after the first paint', () => {
  it('a council thread opened at its end is still at its end once its header, reviews and ledger show', async () => {
    expect(councilViews.loaded.value).toBeUndefined();
    h.mount(undefined, undefined, pageRoot());
    const messages = [...priorMessages(30), ...councilMessages()];
    h.emit(h.host.state(viewState({ thread: { mode: 'council', plans: [COUNCIL] } }, messages)));
    expect(screen.queryByTestId('plan-header')).toBeNull();
    await untilFrame(() => screen.queryByTestId('ledger-table') !== null, 'the council’s views to load');
    expect(screen.getAllByTestId('review')).toHaveLength(2);
    expect(list().scrollHeight).toBeGreaterThan(list().clientHeight);
    // Following settles within a few frames (the groups off screen are laid out by estimate); nobody scrolls here.
    await untilFrame(() => isNearBottom(list()), 'the list to show its end again', 60);
  });
});
