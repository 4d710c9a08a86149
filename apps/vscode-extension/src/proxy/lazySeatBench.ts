import type { DisposableStore } from '@roundtable/core/base/lifecycle';
import type { SeatBench, SeatBenchDeps } from '@roundtable/core/bench/SeatBench';
import type { ChatError } from '@roundtable/core/llm/types';
import type { SeatMap } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';
import { JoinedSeats } from './providerSeats';

/**
 * The bench (`SeatBench`), whose code `load` brings in once (after the first state: a window starts with nothing
 * benched). Invariant: a failure is never lost: once the bench is in, it is noted at once (so the same turn's next
 * step already leaves the seat out); before, as soon as it is.
 */
export function lazyBench(load: () => Promise<SeatBench>) {
  let loaded: SeatBench | undefined;
  let loading: Promise<SeatBench> | undefined;
  const get = () => {
    loading ??= load().then((bench) => {
      loaded = bench;
      return bench;
    });
    return loading;
  };
  return {
    load: get,
    /** A failed reply of `seatId`: benched until the time its error states, if it states one. */
    noteFailure(seatId: string, error: ChatError): void {
      if (loaded) loaded.noteFailure(seatId, error);
      else void get().then((bench) => bench.noteFailure(seatId, error));
    },
  };
}

/**
 * The host's one seat map, `source` with the bench (`SeatBench`: a seat whose reply failed on a limit that states its
 * end is left out until then, in every mode) joined to it once the bench's code is in: until then, the map is
 * `source`'s. `bench.load()` brings it in (after the first state); the map and the bench are disposed with `owner`.
 */
export function benchedSeats(
  source: StatusSource<SeatMap>,
  deps: Omit<SeatBenchDeps, 'source'>,
  owner: DisposableStore,
): { seats: JoinedSeats; bench: ReturnType<typeof lazyBench> } {
  const seats = owner.add(new JoinedSeats([source]));
  const bench = lazyBench(() =>
    import('@roundtable/core/bench/SeatBench').then(({ SeatBench }) => {
      const loaded = owner.add(new SeatBench({ ...deps, source }));
      seats.add(loaded);
      return loaded;
    }),
  );
  return { seats, bench };
}
