import { bench, describe } from 'vitest';
import { readSettings } from '../src/adapters/readSettings';

// `pnpm bench`: reading `roundtable.*` when a workspace's settings hold 100,000 invalid participants, groups and
// providers (before the lists were bounded, participants alone took about 1.15 s). Goal: at most 5 ms.

const values: Record<string, unknown> = {
  participants: Array.from({ length: 100_000 }, (_, i) => ({ id: `Bad ${i}` })),
  groups: Array.from({ length: 100_000 }, () => ({ id: 'Bad' })),
  providers: Array.from({ length: 100_000 }, () => ({ id: 'x' })),
};
const huge = { get: <T>(key: string) => values[key] as T | undefined };
const usual = { get: <T>(_key: string) => undefined as T | undefined };

describe('readSettings (goal: at most 5 ms with 100,000 entries per list)', () => {
  bench('100,000 invalid entries in each list setting', () => {
    readSettings(huge);
  });
  bench('the default three seats', () => {
    readSettings(usual);
  });
});
