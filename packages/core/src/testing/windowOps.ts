import fc from 'fast-check';
import { canonicalJson } from '../transcript/merge';
import type { Side, TwoWindowsResult, WindowOp } from './twoWindows';

/** Random interleavings of what two windows do: send, stream, finish, fail, stop, retry, delete, new, switch, save, sync. */
export function windowOps(maxLength: number): fc.Arbitrary<WindowOp[]> {
  const side = fc.constantFrom<Side>(0, 1);
  const op: fc.Arbitrary<WindowOp> = fc.oneof(
    { weight: 5, arbitrary: side.map((s) => ({ kind: 'send', side: s }) as const) },
    { weight: 4, arbitrary: side.map((s) => ({ kind: 'chunk', side: s }) as const) },
    { weight: 4, arbitrary: side.map((s) => ({ kind: 'finish', side: s }) as const) },
    { weight: 1, arbitrary: side.map((s) => ({ kind: 'fail', side: s }) as const) },
    { weight: 1, arbitrary: side.map((s) => ({ kind: 'stop', side: s }) as const) },
    { weight: 1, arbitrary: side.map((s) => ({ kind: 'retry', side: s }) as const) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteMessage' as const), side, pick: fc.nat(9) }) },
    { weight: 1, arbitrary: side.map((s) => ({ kind: 'newThread', side: s }) as const) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('switch' as const), side, pick: fc.nat(4) }) },
    { weight: 2, arbitrary: side.map((s) => ({ kind: 'save', side: s }) as const) },
    { weight: 2, arbitrary: fc.constant({ kind: 'saveBoth' } as const) },
    { weight: 3, arbitrary: side.map((s) => ({ kind: 'sync', side: s }) as const) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(1, 20, 60, 600, 2500) }),
    },
  );
  return fc.array(op, { minLength: 1, maxLength });
}

/**
 * What "two windows converge and lose nothing" means, as a list of broken promises (empty when all hold):
 * both sides list the same threads with identical transcripts, every message either side created is there
 * exactly once, and no id appears twice.
 */
export function convergenceProblems(result: TwoWindowsResult): string[] {
  const [a, b] = result.transcripts;
  const problems: string[] = [];
  const ids = new Set([...a.keys(), ...b.keys()]);
  for (const id of ids) {
    const ta = a.get(id);
    const tb = b.get(id);
    if (!ta || !tb) problems.push(`thread ${id} is missing on side ${ta ? 1 : 0}`);
    else if (canonicalJson(ta) !== canonicalJson(tb)) problems.push(`thread ${id} differs between the sides`);
  }
  const seen = new Map<string, number>();
  for (const t of a.values()) for (const m of t.messages) seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
  for (const [messageId, threadId] of result.created) {
    const count = seen.get(messageId) ?? 0;
    if (count === 0) problems.push(`message ${messageId} (thread ${threadId}) was lost`);
    if (count > 1) problems.push(`message ${messageId} appears ${count} times`);
  }
  for (const t of a.values()) {
    if (t.messages.some((m) => m.status === 'streaming')) problems.push(`thread ${t.id} still has a streaming message`);
  }
  return problems;
}
