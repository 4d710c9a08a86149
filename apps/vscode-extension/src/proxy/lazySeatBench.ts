import type { SeatBench } from '@roundtable/core/bench/SeatBench';
import type { ChatError } from '@roundtable/core/llm/types';

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
