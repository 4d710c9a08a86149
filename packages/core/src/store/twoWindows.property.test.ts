import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { DisposableStore } from '../base/lifecycle';
import {
  convergenceProblems,
  MemoryThreadRepository,
  MemoryThreadStorage,
  playTwoWindows,
  windowOps,
} from '../testing';

// The same property the extension checks over real files, here over the memory storage: fast, so it runs many
// more interleavings. Announcements are delivered only on the generated `sync` steps, so a window often works on
// a copy that is several writes behind.

describe('two windows on one storage', () => {
  ensureNoDisposablesAreLeaked();

  test('converge on the same transcripts and lose or duplicate nothing, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(windowOps(60), async (ops) => {
        const storage = new MemoryThreadStorage();
        const repositories = new DisposableStore();
        try {
          const result = await playTwoWindows(ops, () => {
            const repository = repositories.add(new MemoryThreadRepository([], storage));
            repository.autoDeliver = false;
            return { repository, sync: async () => repository.deliver() };
          });
          expect(convergenceProblems(result)).toEqual([]);
          // Everything stored parses and matches what the windows hold.
          const reader = repositories.add(new MemoryThreadRepository([], storage));
          for (const [id, t] of result.transcripts[0]) {
            const loaded = await reader.load(id);
            if (!loaded.ok) throw new Error(`thread ${id} does not load: ${loaded.kind}`);
            expect(loaded.transcript.messages.map((m) => m.id)).toEqual(t.messages.map((m) => m.id));
          }
        } finally {
          repositories.dispose();
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
