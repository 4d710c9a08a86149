// Type guards for the JSON lines the official CLIs print: what a dialect accepts of a line, checked field by field,
// with no schema library (the CLI seats' bundle holds none: see the extension's build script).
//
// The rules every dialect reads by:
// - an object is a JSON object: neither null nor an array;
// - a shape checks the fields it names and allows any other, left as it is (a newer CLI adds fields to its events);
// - a number is finite (`1e999` parses as Infinity, which counts nothing);
// - a field that may be missing is `optional`; null is a value, accepted only where `nullable` says so.

/** A check that narrows an unknown value to `T`. */
export type Guard<T> = (value: unknown) => value is T;

/** What a guard accepts. */
export type Guarded<G> = G extends Guard<infer T> ? T : never;

/** A JSON object whose fields are not checked yet. */
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Exactly one of these strings. */
export function oneOf<const L extends string>(...values: readonly L[]): Guard<L> {
  return (value): value is L => values.includes(value as L);
}

/** Missing (undefined), or what `guard` accepts. */
export function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || guard(value);
}

/** Null, or what `guard` accepts. */
export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

/** An array each of whose items `guard` accepts (an empty one too). */
export function arrayOf<T>(guard: Guard<T>): Guard<readonly T[]> {
  return (value): value is readonly T[] => {
    if (!Array.isArray(value)) return false;
    for (const item of value) if (!guard(item)) return false;
    return true;
  };
}

/** An object whose named fields each pass their guard; fields it does not name are allowed. */
export function shape<F extends Readonly<Record<string, Guard<unknown>>>>(
  fields: F,
): Guard<JsonObject & { readonly [K in keyof F]: Guarded<F[K]> }> {
  const checks = Object.entries(fields);
  return (value): value is JsonObject & { readonly [K in keyof F]: Guarded<F[K]> } =>
    isObject(value) && checks.every(([name, guard]) => guard(value[name]));
}

/** The `type` of an event line that is a JSON object (what a dialect tells its lines apart by), else undefined. */
export function eventType(line: unknown): unknown {
  return isObject(line) ? line.type : undefined;
}
