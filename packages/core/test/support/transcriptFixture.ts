import { expect } from 'vitest';
import { parseTranscript } from '../../src/transcript/parseTranscript';
import type { Transcript } from '../../src/transcript/schema';

export const AT = '2025-03-01T12:00:00.000Z';

/** A valid thread touching every optional field; each invalid row breaks exactly one thing in a fresh copy. */
/** A SHA-256 in the form an image's name takes. */
export const IMAGE_SHA = 'ab'.repeat(32);

export function valid(): Transcript {
  return {
    version: 7,
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
          { kind: 'changes', path: '.', scope: 'unstaged', content: '--- a/x\n+++ b/x\n', language: 'diff' },
          { kind: 'problems', path: 'src/a.ts', content: 'src/a.ts:3:1 error: x is not defined' },
        ],
        images: [{ sha256: IMAGE_SHA, mime: 'image/png', bytes: 68, name: 'shot.png' }],
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
        step: { plan: 'p1', index: 0 },
        timing: { firstTokenMs: 800, totalMs: 4200 },
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
        usage: { inputTokens: 30, outputTokens: 2, estimated: true },
        step: { plan: 'p1', index: 0 },
        timing: { totalMs: 900 },
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
        cutOff: true,
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
      {
        id: 'm6',
        seq: 6,
        role: 'assistant',
        speaker: 'gpt',
        content: 'Verdict: right.',
        status: 'complete',
        reviewOf: 'm1',
        step: { plan: 'p2', index: 0 },
        createdAt: AT,
      },
      {
        id: 'm7',
        seq: 7,
        role: 'assistant',
        speaker: 'claude',
        content: 'Guard it.\n```ledger\n{"claims": [{"claim": "xs can be empty", "A": "supported"}]}\n```',
        status: 'complete',
        step: { plan: 'p1', index: 2 },
        synthesis: {
          claims: [{ claim: 'xs can be empty', marks: { gpt: 'supported' } }],
          answer: 'Guard it.',
          malformed: 'never with claims, but each field is read on its own',
          without: { claude: 'stopped' },
          vote: { answers: { gpt: 'guard it', claude: 'guard it' }, synthesis: 'guard it' },
        },
        createdAt: AT,
      },
    ],
    renamed: { value: 'Empty input bug', at: '2025-03-01T12:06:00.000Z' },
    speakingTo: { value: 'gpt', at: '2025-03-01T12:04:00.000Z' },
    mode: { value: 'council', at: '2025-03-01T12:03:00.000Z' },
    plans: [
      {
        id: 'p1',
        createdAt: AT,
        kind: 'message',
        mode: 'council',
        question: 'm0',
        round: 1,
        steps: [
          { kind: 'answer', seats: ['claude', 'gpt'], reads: 'blind', names: 'labelled', concurrency: 2 },
          {
            kind: 'review',
            seats: ['claude', 'gpt'],
            reads: 'peers',
            names: 'anonymised',
            concurrency: 2,
            orders: { claude: ['gpt'], gpt: ['claude'] },
          },
          {
            kind: 'synthesis',
            seats: ['claude'],
            reads: 'council',
            names: 'anonymised',
            concurrency: 1,
            orders: { claude: ['gpt', 'claude'] },
          },
        ],
        letters: { claude: 'B', gpt: 'A' },
        seatNames: { claude: ['Claude', 'opus', 'claude-sonnet-4-6', 'claude-cli'], gpt: ['GPT', 'gpt-5.5'] },
      },
      {
        id: 'p2',
        createdAt: '2025-03-01T12:01:00.000Z',
        kind: 'review',
        mode: 'discuss',
        question: 'm0',
        target: 'm1',
        round: 1,
        order: 'seat',
        steps: [{ kind: 'review', seats: ['gpt'], reads: 'target', names: 'anonymised', concurrency: 3 }],
        letters: { claude: 'A' },
      },
    ],
    leases: [
      {
        plan: 'p1',
        token: 'lease-1',
        owner: 'window-a',
        pid: 4242,
        host: 'laptop',
        heartbeat: AT,
        ended: '2025-03-01T12:01:00.000Z',
        interrupted: true,
      },
    ],
  };
}

/** The fixture as a version 6 file holds it: without what version 7 added (a synthesis's vote, leases, cut off). */
export function beforeV7() {
  const { leases: _l, ...thread } = valid();
  const messages = thread.messages.map(({ cutOff: _c, ...m }) => {
    if (!m.synthesis) return m;
    const { vote: _v, ...synthesis } = m.synthesis;
    return { ...m, synthesis };
  });
  return { ...thread, messages };
}

/** The fixture as a version 5 file holds it: without what versions 6 and 7 added. */
export function beforeV6() {
  const thread = beforeV7();
  const messages = thread.messages.map(({ synthesis: _s, ...m }) => m);
  return { ...thread, messages, plans: thread.plans?.map(({ seatNames: _n, ...p }) => p) };
}

/** The fixture as a version 4 file could hold it: without what versions 5, 6 and 7 added. */
export function beforeV5() {
  const thread = beforeV6();
  const messages = thread.messages.map(({ images: _i, contextBlocks, ...m }) => {
    const older = contextBlocks?.filter((b) => b.kind === 'file' || b.kind === 'selection');
    return older ? { ...m, contextBlocks: older } : m;
  });
  return { ...thread, messages };
}

/** The fixture as a version 3 file could hold it: without what version 4 added (its review reply included). */
export function beforeV4() {
  const { mode: _m, plans: _p, ...rest } = beforeV5();
  // The review reply goes, and with it its place: the messages after it move up one.
  const messages = rest.messages
    .filter((m) => m.reviewOf === undefined)
    .map(({ step: _s, reviewOf: _r, timing: _t, usage, ...m }, seq) =>
      usage
        ? { ...m, seq, usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens } }
        : { ...m, seq },
    );
  return { ...rest, messages };
}

/** The fixture as a version 2 file could hold it: without what versions 3 and 4 added. */
export function beforeV3() {
  const { renamed: _r, speakingTo: _s, ...rest } = beforeV4();
  return { ...rest, messages: rest.messages.map(({ unrouted: _u, alternativeOf: _a, leftOut: _l, ...m }) => m) };
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

/** A row of a refusal table: the fixture broken by `edit` is refused, with an error naming each of `expected`. */
export interface RefusalRow {
  name: string;
  edit: Edit;
  expected: string[];
}

/** Checks one refusal row (see `RefusalRow`). */
export function expectRefusal({ edit, expected }: RefusalRow): void {
  const broken = valid();
  edit(broken);
  const result = parseTranscript(broken);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error).toMatch(/^Invalid thread: /);
  for (const part of expected) expect(result.error).toContain(part);
}
