import { Emitter } from '@roundtable/core/base/event';
import { SeatBench } from '@roundtable/core/bench/SeatBench';
import type { ChatError } from '@roundtable/core/llm/types';
import type { SeatMap } from '@roundtable/core/protocol/proxyStatus';
import { FakeClock } from '@roundtable/core/testing';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { lazyBench } from './lazySeatBench';
import { JoinedSeats } from './providerSeats';

// The bench's code after the first state: the map is its sources' until then, and no failure is lost to the wait.

const cooldown: ChatError = {
  kind: 'rate-limit',
  message: 'All credentials for model gpt-5.5 are cooling down',
  code: 'model_cooldown',
  retryAfterSeconds: 600,
};

function source(initial: SeatMap) {
  const changed = new Emitter<SeatMap>();
  let current = initial;
  return {
    get current() {
      return current;
    },
    onDidChange: changed.event,
    set(next: SeatMap) {
      current = next;
      changed.fire(next);
    },
  };
}

const open: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of open.splice(0)) d.dispose();
});

/** The host's wiring: the joined sources, and the bench joining them once loaded (`load` counts its loads). */
function wired(initial: SeatMap = {}) {
  const s = source(initial);
  const clock = new FakeClock();
  const inner = new JoinedSeats([s]);
  const seats = new JoinedSeats([inner]);
  open.push(inner, seats);
  let loads = 0;
  const bench = lazyBench(async () => {
    loads += 1;
    const loaded = new SeatBench({ source: inner, clock });
    open.push(loaded);
    seats.add(loaded);
    return loaded;
  });
  return { s, clock, seats, bench, loads: () => loads };
}

describe('the bench, loaded after the first state', () => {
  test('before it loads, the map and its changes are the sources’', () => {
    const { s, seats } = wired();
    const heard: SeatMap[] = [];
    seats.onDidChange((m) => heard.push(m));
    const login: SeatMap = { claude: { kind: 'needs-login', provider: 'Claude' } };
    s.set(login);
    expect(seats.current).toEqual(login);
    expect(heard).toEqual([login]);
  });

  test('a failure before the code is in benches the seat once it is, and the views hear it; the code loads once', async () => {
    const { seats, bench, clock, loads } = wired();
    const heard: SeatMap[] = [];
    seats.onDidChange((m) => heard.push(m));
    bench.noteFailure('gpt', cooldown);
    bench.noteFailure('gpt', cooldown);
    await vi.waitFor(() => expect(seats.current.gpt).toMatchObject({ kind: 'cooling' }));
    expect(heard.at(-1)?.gpt).toMatchObject({ kind: 'cooling', until: clock.now().getTime() + 600_000 });
    expect(loads()).toBe(1);
  });

  test('once loaded, a failure benches at once (the same turn’s next step sees it), and the sources still speak', async () => {
    const { s, seats, bench } = wired();
    await bench.load();
    bench.noteFailure('gpt', cooldown);
    expect(seats.current.gpt).toMatchObject({ kind: 'cooling' });
    s.set({ claude: { kind: 'needs-login', provider: 'Claude' } });
    expect(Object.keys(seats.current).sort()).toEqual(['claude', 'gpt']);
  });
});
