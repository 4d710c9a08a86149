import { computed, type ReadonlySignal } from '@preact/signals';

/** A computed that keeps its last value while `equal` says the new one is the same, so nothing downstream runs. */
export function sameWhileEqual<T>(derive: () => T, equal: (a: T, b: T) => boolean): ReadonlySignal<T> {
  let last: { value: T } | undefined;
  return computed(() => {
    const next = derive();
    if (last && equal(last.value, next)) return last.value;
    last = { value: next };
    return next;
  });
}
