import fc from 'fast-check';

/**
 * What the fuzz tests at Roundtable's trust boundaries (the webview protocol, both ways; thread files) throw at a
 * parser: values no well-behaved peer sends, and valid samples changed in a few places, which is where parsers go
 * wrong. One set of weapons for every boundary, so a kind of value found to break one is tried on all.
 */

/**
 * Any value a message channel or `JSON.parse` could hand over, and stranger ones: boxed primitives, maps, sets,
 * dates, sparse and typed arrays, objects without a prototype, big integers.
 */
export const anyValue: fc.Arbitrary<unknown> = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
});

/** Keys that mean something to JavaScript objects, set as own properties (as `JSON.parse` and structured clone do). */
export const SPECIAL_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/**
 * A value to put in a field: near its right value, of another type, or absurdly large (a long string of two-byte
 * characters or of surrogate pairs). `extra`: values of the boundary's own, such as its message type names.
 */
export function hostileLeaf(...extra: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(
      '',
      'x',
      2,
      1,
      -1,
      0,
      -0,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.MAX_SAFE_INTEGER + 2,
      null,
      undefined,
      true,
    ),
    // Fresh empty containers every time: one shared `{}` that a mutation set in two places, or inside itself, would
    // make a cycle (and it would carry one run's mutations into the next).
    fc.constant(0).map(() => []),
    fc.constant(0).map(() => ({})),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc
      .tuple(fc.constantFrom('é', '\u{1F44B}'), fc.integer({ min: 1000, max: 300_000 }))
      .map(([char, n]) => char.repeat(n)),
    anyValue,
    ...extra,
  );
}

/**
 * One change at one place of a value: the place is `path` modulo the number of places, the value itself (the
 * root) being place 0. `special` gives the place, or its parent when the place is not a container, an own property
 * named by one of `SPECIAL_KEYS`.
 */
export type FieldMutation =
  | { kind: 'set'; path: number; value: unknown }
  | { kind: 'delete'; path: number }
  | { kind: 'special'; path: number; key: string; value: unknown };

export function fieldMutation(leaf: fc.Arbitrary<unknown>): fc.Arbitrary<FieldMutation> {
  return fc.oneof(
    fc.record({ kind: fc.constant('set' as const), path: fc.nat(), value: leaf }),
    fc.record({ kind: fc.constant('delete' as const), path: fc.nat() }),
    fc.record({
      kind: fc.constant('special' as const),
      path: fc.nat(),
      key: fc.constantFrom(...SPECIAL_KEYS),
      value: leaf,
    }),
  );
}

/** A plain object or array, as JSON and structured clone make them; boxed values, dates or typed arrays are leaves. */
export function isContainer(value: unknown): value is Record<string, unknown> {
  return (
    Array.isArray(value) ||
    (typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value)))
  );
}

/** Every place inside `value`, as the keys that lead there; the root is the empty path. */
export function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (!isContainer(value)) return [prefix];
  return [prefix, ...Object.keys(value).flatMap((key) => pathsOf(value[key], [...prefix, key]))];
}

/** Applies `m` to `root` in place and returns the root, which a `set` of place 0 replaces. */
export function applyFieldMutation(root: unknown, m: FieldMutation): unknown {
  const paths = pathsOf(root);
  const path = paths[m.path % paths.length] ?? [];
  const last = path.at(-1);
  if (last === undefined) {
    if (m.kind === 'set') return m.value;
    if (m.kind === 'special' && isContainer(root)) defineOwn(root, m.key, m.value);
    return root;
  }
  let parent = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  if (m.kind === 'set') parent[last] = m.value;
  else if (m.kind === 'delete') delete parent[last];
  else {
    const place = parent[last];
    defineOwn(isContainer(place) ? place : parent, m.key, m.value);
  }
  return root;
}

/** One of `samples`, copied and changed in one to `most` places (it may still be valid). */
export function mutantOf(samples: readonly unknown[], leaf: fc.Arbitrary<unknown>, most = 4): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...samples), fc.array(fieldMutation(leaf), { minLength: 1, maxLength: most }))
    .map(([sample, mutations]) => mutations.reduce(applyFieldMutation, structuredClone(sample)));
}

function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
