import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHarness, contentOf } from '../testing/AppHarness';
import { countRenders } from '../testing/counters';
import { turnPlan, viewMessage, viewState } from '../testing/fixtures';
import { councilViews } from './lazyViews';

// Several replies streaming at once into one thread cost what one does: each delta renders its own message, never
// the list, another message, or its plan's header (which changes only when a reply starts, ends or is added).

const h = new AppHarness();
afterEach(() => h.dispose());

const SEATS = ['claude', 'gpt', 'gemini'];
const plan = turnPlan({
  id: 'p1',
  mode: 'independent',
  steps: [{ kind: 'answer', seats: SEATS, reads: 'blind', names: 'labelled', concurrency: 3 }],
});

// The council's views are a lazy chunk: loaded first, so these tests see the webview once it has arrived (the wait
// itself is covered in lazyModule.test).
beforeAll(() => councilViews.load());

describe('three replies of one turn streaming at once', () => {
  it('each delta renders its own message alone; a reply ending renders it and the header', () => {
    const history = Array.from({ length: 100 }, (_, i) =>
      viewMessage({ id: `m${i}`, speaker: i % 2 ? 'claude' : 'gpt', content: `reply **${i}**` }),
    );
    const live = SEATS.map((speaker) =>
      viewMessage({ id: `live-${speaker}`, speaker, status: 'streaming', step: { plan: 'p1', index: 0 } }),
    );
    h.mount();
    h.emit(
      h.host.state(viewState({ thread: { busy: true, mode: 'independent', plans: [plan] } }, [...history, ...live])),
    );
    const renders = countRenders();
    const offsets = new Map(SEATS.map((s) => [s, 0]));
    try {
      for (let round = 0; round < 5; round++) {
        for (const seat of SEATS) {
          const text = `${seat} ${round} `;
          h.emit(h.host.appended(`live-${seat}`, text, offsets.get(seat) ?? 0));
          offsets.set(seat, (offsets.get(seat) ?? 0) + text.length);
        }
      }
      const perDelta = Object.fromEntries(renders.byName);
      expect(perDelta.MessageItem).toBe(15);
      expect(perDelta.MessageBubble).toBe(15);
      expect(perDelta.MessageList).toBeUndefined();
      expect(perDelta.PlanHeader).toBeUndefined();
      // The toolbar shows nothing of the text: a delta leaves it alone.
      expect(perDelta.MessageToolbar).toBeUndefined();
    } finally {
      renders.stop();
    }
    expect(contentOf('live-gpt').textContent?.trim()).toBe('gpt 0 gpt 1 gpt 2 gpt 3 gpt 4');

    const ending = countRenders();
    try {
      h.emit(h.host.send('message/patched', { messageId: 'live-gpt', status: 'complete', timing: { totalMs: 1_200 } }));
      expect(ending.byName.get('PlanHeader')).toBe(1);
      expect(ending.byName.get('MessageItem')).toBe(1);
    } finally {
      ending.stop();
    }
  });
});
