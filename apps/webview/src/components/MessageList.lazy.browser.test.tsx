import '../main.css';
import { screen } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import type { LazyModule } from '../lazy/lazyModule';
import { AppHarness, pageRoot } from '../testing/AppHarness';
import { COUNCIL, councilMessages } from '../testing/councilFixtures';
import { priorMessages, viewState } from '../testing/fixtures';
import { nextFrame, untilFrame } from '../testing/frames';
import { describeInChromium } from '../testing/inChromium';
import { councilViews } from './lazyViews';
import { isNearBottom } from './scroll';

// The council's views are a lazy chunk, loaded when a thread first shows one, after the list has rendered (and
// scrolled to its end) without them. With real layout: their rows and the ledger arriving leave the list at its end.
//
// This used to fail about one run in four: the list followed state changes only, and the views' arrival grows the
// content after the last of them. So the scenario runs `REPETITIONS` times, the chunk arriving a different number of
// frames after the first paint each time. The first is the real first load of the chunk; for the others the test
// forgets the loaded module (through the wrapper below) and holds its next load until it lets it go.

const REPETITIONS = 50;
const COUNCIL_CHUNK = 'the council views';
/** The chunk arrives from 0 to `ARRIVAL_FRAMES - 1` frames after the first paint, in turn. */
const ARRIVAL_FRAMES = 6;

/** The wrapped `lazyModule`'s controls: forget a module by its name, and what its next load waits for. */
const lazy = vi.hoisted(() => ({
  forget: new Map<string, () => void>(),
  hold: undefined as Promise<void> | undefined,
}));

// The real `lazyModule` behind a wrapper that can start it afresh: the views read whichever is current.
vi.mock('../lazy/lazyModule', async (importOriginal) => {
  const real = await importOriginal<typeof import('../lazy/lazyModule')>();
  return {
    lazyModule<M>(what: string, importer: () => Promise<M>): LazyModule<M> {
      const held = async () => {
        await lazy.hold;
        return importer();
      };
      let inner = real.lazyModule(what, held);
      lazy.forget.set(what, () => {
        inner = real.lazyModule(what, held);
      });
      return {
        current: () => inner.current(),
        load: () => inner.load(),
        get loaded() {
          return inner.loaded;
        },
      };
    },
  };
});

const h = new AppHarness();
afterEach(() => h.dispose());

const list = () => screen.getByTestId('message-list');

/**
 * Waits until the list's layout holds still for 3 frames: messages coming on screen trade their estimated height for
 * their real one, and the window renders older ones in, a frame at a time.
 */
async function laidOut(): Promise<void> {
  let was = '';
  let still = 0;
  while (still < 3) {
    await nextFrame();
    const now = `${list().scrollHeight}:${list().scrollTop}`;
    still = now === was ? still + 1 : 0;
    was = now;
  }
}

describeInChromium('the council’s views arriving after the first paint', () => {
  it(`a council thread opened at its end is still at its end once its header, reviews and ledger show (${REPETITIONS} times)`, async () => {
    expect(councilViews.loaded.value).toBeUndefined();
    for (let run = 0; run < REPETITIONS; run++) {
      let release = () => {};
      if (run > 0) {
        lazy.forget.get(COUNCIL_CHUNK)?.();
        lazy.hold = new Promise((resolve) => {
          release = resolve;
        });
      }
      expect(councilViews.loaded.value).toBeUndefined();
      h.mount(undefined, undefined, pageRoot());
      const messages = [...priorMessages(30), ...councilMessages()];
      h.emit(h.host.state(viewState({ thread: { mode: 'council', plans: [COUNCIL] } }, messages)));
      expect(screen.queryByTestId('plan-header')).toBeNull();
      // The first run: whenever the real chunk loads.
      for (let frame = 0; frame < run % ARRIVAL_FRAMES; frame++) await nextFrame();
      release();
      await untilFrame(() => screen.queryByTestId('ledger-table') !== null, `the council’s views to load (run ${run})`);
      expect(screen.getAllByTestId('review')).toHaveLength(2);
      expect(list().scrollHeight).toBeGreaterThan(list().clientHeight);
      // Nobody scrolls here: once the layout holds still, the list shows its end.
      await laidOut();
      expect(isNearBottom(list()), `run ${run}`).toBe(true);
      h.dispose();
    }
  });
});
