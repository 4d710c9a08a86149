import type { Transcript } from '../../src/transcript/schema';

export const AT = '2025-03-01T12:00:00.000Z';

/** A valid thread touching every optional field; each invalid row breaks exactly one thing in a fresh copy. */
export function valid(): Transcript {
  return {
    version: 3,
    id: 'thread-1',
    title: 'Empty input bug',
    createdAt: AT,
    updatedAt: '2025-03-01T12:05:00+02:00',
    participants: ['claude', 'gpt'],
    messages: [
      {
        id: 'm0',
        seq: 0,
        role: 'user',
        speaker: 'user',
        content: 'Why does this throw? @claude',
        contextBlocks: [
          { kind: 'selection', path: 'src/a.ts', range: [10, 42], content: 'x()', language: 'ts' },
          { kind: 'file', path: 'README.md', content: '' },
        ],
        targets: ['claude'],
        unrouted: { unknown: ['bob'], disabled: ['gemini'], muted: ['grok'], overCap: ['kimi'] },
        status: 'complete',
        createdAt: AT,
      },
      {
        id: 'm1',
        seq: 1,
        role: 'assistant',
        speaker: 'claude',
        content: 'Because xs[0] is undefined.',
        status: 'complete',
        usage: { inputTokens: 120, outputTokens: 9 },
        leftOut: 3,
        createdAt: AT,
      },
      {
        id: 'm2',
        seq: 2,
        role: 'assistant',
        speaker: 'gpt',
        content: 'Partial',
        status: 'error',
        error: 'HTTP 500: upstream failed',
        createdAt: AT,
      },
      {
        id: 'm3',
        seq: 3,
        role: 'assistant',
        speaker: 'gpt',
        content: 'Stopp',
        status: 'cancelled',
        alternativeOf: 'm1',
        createdAt: AT,
      },
      {
        id: 'm4',
        seq: 4,
        role: 'system',
        speaker: 'system',
        content: 'GPT is rate-limited.',
        status: 'complete',
        createdAt: AT,
      },
      { id: 'm5', seq: 5, role: 'user', speaker: 'user', content: '', status: 'deleted', createdAt: AT },
    ],
    renamed: { value: 'Empty input bug', at: '2025-03-01T12:06:00.000Z' },
    speakingTo: { value: 'gpt', at: '2025-03-01T12:04:00.000Z' },
  };
}

export type Edit = (t: Transcript) => void;
type Loose = Record<string, unknown>;

/** Walks a dotted path (`messages.2.seq`) to the object holding its last key; untyped on purpose. */
function parentOf(t: Transcript, path: string): [Loose, string] {
  const keys = path.split('.');
  const last = keys.pop() as string;
  return [keys.reduce<Loose>((node, key) => node[key] as Loose, t as unknown as Loose), last];
}
export const set =
  (path: string, value: unknown): Edit =>
  (t) => {
    const [parent, key] = parentOf(t, path);
    parent[key] = value;
  };
export const remove =
  (path: string): Edit =>
  (t) => {
    const [parent, key] = parentOf(t, path);
    delete parent[key];
  };
