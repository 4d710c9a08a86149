import type { ExpectStatic } from 'vitest';

/** Cleanups a test registers as it goes; they run in reverse order when it ends, pass or fail. */
export type Cleanups = (() => Promise<void> | void)[];

/**
 * Wraps a test body so it owns its cleanups and uses the test's own `expect` (which `test.concurrent` needs for
 * `expect.poll` and for telling failures apart). The cleanups run in reverse, whatever happens.
 */
export function isolated(
  body: (cleanups: Cleanups, expect: ExpectStatic) => Promise<void>,
): (context: { expect: ExpectStatic }) => Promise<void> {
  return async ({ expect }) => {
    const cleanups: Cleanups = [];
    try {
      await body(cleanups, expect);
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  };
}
