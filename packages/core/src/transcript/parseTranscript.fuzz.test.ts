// parseTranscript reads files from disk, which anything may have written: it must never throw, and what it accepts
// must hold every invariant the rest of core relies on. The invariants are checked here by a checker of the test's
// own (not findInvariantViolation, which is what is under test), over arbitrary values and over the valid fixture
// mutated at random.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { valid } from '../../test/support/transcriptFixture';
import { anyValue, SPECIAL_KEYS } from '../testing/hostileValues';
import { parseTranscript } from './parseTranscript';
import { type Message, type Transcript, TranscriptShape } from './schema';

/** Every invariant an accepted thread must meet, as a list of what is broken (empty when none). */
function brokenInvariants(t: Transcript): string[] {
  const broken: string[] = [];
  if (t.version !== 3) broken.push(`version ${t.version}: accepted files are upgraded to 3`);
  if (!TranscriptShape.safeParse(t).success) broken.push('does not have the shape of a thread');
  if (new Set(t.participants).size !== t.participants.length) broken.push('duplicate participants');
  const time = (m: Message) => Date.parse(m.createdAt);
  t.messages.forEach((m, i) => {
    const at = `messages[${i}] (${m.id})`;
    if (m.seq !== i) broken.push(`${at}: seq ${m.seq}`);
    if (t.messages.findIndex((other) => other.id === m.id) !== i) broken.push(`${at}: id used before`);
    if (m.role === 'user' && m.speaker !== 'user') broken.push(`${at}: user message spoken by ${m.speaker}`);
    if (m.role === 'system' && m.speaker !== 'system') broken.push(`${at}: system message spoken by ${m.speaker}`);
    if (m.role === 'assistant' && !t.participants.includes(m.speaker)) {
      broken.push(`${at}: reply by ${m.speaker}, who is not a participant`);
    }
    if (m.status === 'streaming') broken.push(`${at}: streaming on disk`);
    const hasErrorText = typeof m.error === 'string' && m.error.trim() !== '';
    if (m.status === 'error' && !hasErrorText) broken.push(`${at}: error without its text`);
    if (m.status !== 'error' && m.error !== undefined) broken.push(`${at}: error text on a ${m.status} message`);
    if (m.status === 'deleted' && (m.content !== '' || m.contextBlocks !== undefined)) {
      broken.push(`${at}: tombstone that keeps content or context`);
    }
    if (m.role !== 'user' && (m.contextBlocks ?? m.targets ?? m.unrouted) !== undefined) {
      broken.push(`${at}: context, targets or unrouted names on a ${m.role} message`);
    }
    if (m.role !== 'assistant' && (m.attempt ?? m.leftOut ?? m.alternativeOf) !== undefined) {
      broken.push(`${at}: attempt, left-out count or alternative on a ${m.role} message`);
    }
    if (m.alternativeOf !== undefined) {
      const original = t.messages.slice(0, i).find((earlier) => earlier.id === m.alternativeOf);
      if (original?.role !== 'assistant' || original.alternativeOf !== undefined) {
        broken.push(`${at}: alternative of ${m.alternativeOf}, which is not an earlier original reply`);
      }
    }
    const previous = t.messages[i - 1];
    if (previous && !(time(previous) < time(m) || (time(previous) === time(m) && previous.id < m.id))) {
      broken.push(`${at}: not after ${previous.id} in (createdAt, id) order`);
    }
  });
  return broken;
}

/** Whatever parseTranscript accepts holds the invariants and reads back the same after a trip through JSON. */
function expectSound(input: unknown): boolean {
  const result = parseTranscript(input);
  if (!result.ok) {
    expect(typeof result.error).toBe('string');
    expect(result.error).not.toBe('');
    return false;
  }
  expect(brokenInvariants(result.value)).toEqual([]);
  const again = parseTranscript(JSON.parse(JSON.stringify(result.value)));
  expect(again).toEqual({ ok: true, value: result.value });
  return true;
}

describe('parseTranscript on arbitrary values', () => {
  test('never throws, and refuses anything that is not a thread with a readable error', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, fc.jsonValue()), (value) => {
        expect(expectSound(value)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('the same for objects with a thread’s keys but arbitrary values', () => {
    const keys = ['version', 'id', 'title', 'createdAt', 'updatedAt', 'participants', 'messages', 'renamed'];
    const version = fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, 3.5, -1, '3', Number.MAX_SAFE_INTEGER), anyValue);
    const loose = fc
      .dictionary(fc.constantFrom(...keys), anyValue)
      .chain((rest) => version.map((v) => ({ ...rest, version: v })));
    fc.assert(
      fc.property(loose, (value) => {
        const result = parseTranscript(value);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toMatch(/^(Invalid thread: |Written by a newer Roundtable)/);
        if (!result.ok && result.newer)
          expect(Number.isInteger(value.version) && (value.version as number) > 3).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('a very deep or very wide value is refused, not a stack overflow', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { messages: deep };
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    for (const value of [deep, { ...valid(), messages: [deep] }, { ...valid(), ...wide }, { ...valid(), deep }]) {
      expect(parseTranscript(value).ok).toBe(false);
    }
    // Long text is not a reason to refuse a thread.
    expect(expectSound({ ...valid(), id: 'x'.repeat(1_000_000), title: '\u{1F44B}'.repeat(100_000) })).toBe(true);
  });
});

// ---- mutations of the valid fixture ------------------------------------------------------------------------

type Json = unknown;
type Path = (string | number)[];

/** Instants near the fixture's (ties, one millisecond either way, another zone for the same instant) and far away. */
const DATES = [
  '2025-03-01T12:00:00.000Z',
  '2025-03-01T12:00:00Z',
  '2025-03-01T14:00:00+02:00',
  '2025-03-01T12:00:00.0004Z',
  '2025-03-01T11:59:59.999Z',
  '2025-03-01T12:00:00.001Z',
  '2025-03-02T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999-23:59',
];

/** Values a field of a thread plausibly holds, so that mutants are often still valid and test what is accepted. */
const plausible = fc.oneof(
  fc.constantFrom<Json>(
    'user',
    'assistant',
    'system',
    'claude',
    'gpt',
    'gemini',
    'all',
    'complete',
    'streaming',
    'error',
    'cancelled',
    'deleted',
    'm0',
    'm1',
    'm3',
    '',
    ' ',
    'x',
    0,
    1,
    2,
    3,
    -1,
    1.5,
    null,
    true,
    [],
    {},
    ['claude'],
    ['claude', 'gpt', 'gemini'],
    { inputTokens: 1, outputTokens: 2 },
    { unknown: ['bob'] },
  ),
  fc.constantFrom(...DATES),
  fc.jsonValue({ maxDepth: 2 }),
);

const MESSAGE_FIELDS = [
  'id',
  'seq',
  'role',
  'speaker',
  'content',
  'contextBlocks',
  'targets',
  'status',
  'error',
  'usage',
  'attempt',
  'unrouted',
  'alternativeOf',
  'leftOut',
  'createdAt',
];

type Mutation =
  | { kind: 'set'; path: number; value: Json }
  | { kind: 'delete'; path: number }
  | { kind: 'special'; path: number; key: string; value: Json }
  | { kind: 'messageField'; message: number; field: string; value: Json | undefined }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'duplicate'; message: number; at: number }
  | { kind: 'sameId'; from: number; to: number }
  | { kind: 'renumber' }
  | { kind: 'sort' }
  | { kind: 'version'; version: number }
  | { kind: 'downgrade'; version: 1 | 2 };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set'), path: fc.nat(), value: plausible }),
  fc.record({ kind: fc.constant('delete'), path: fc.nat() }),
  fc.record({ kind: fc.constant('special'), path: fc.nat(), key: fc.constantFrom(...SPECIAL_KEYS), value: plausible }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('messageField'),
      message: fc.nat(),
      field: fc.constantFrom(...MESSAGE_FIELDS),
      value: fc.option(plausible, { nil: undefined }),
    }),
  },
  fc.record({ kind: fc.constant('swap'), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate'), message: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('sameId'), from: fc.nat(), to: fc.nat() }),
  fc.constant({ kind: 'renumber' as const }),
  fc.constant({ kind: 'sort' as const }),
  fc.record({ kind: fc.constant('version'), version: fc.constantFrom(1, 2, 3, 4) }),
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('downgrade'), version: fc.constantFrom(1 as const, 2 as const) }),
  },
);

const isContainer = (v: Json): v is Record<string | number, Json> => typeof v === 'object' && v !== null;

/** Every path inside `value` (not the root itself). */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (!isContainer(value)) return [];
  return Object.keys(value).flatMap((key) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...pathsOf((value as Record<string, Json>)[key], path)];
  });
}

function parentOf(root: Json, path: Path): [Record<string | number, Json>, string | number] | undefined {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (!isContainer(node)) return undefined;
    node = node[key];
  }
  const last = path.at(-1);
  return isContainer(node) && last !== undefined ? [node, last] : undefined;
}

function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

function byThreadOrder(a: Json, b: Json): number {
  const key = (m: Json) => (isContainer(m) ? [Date.parse(String(m.createdAt)), String(m.id)] : [Number.NaN, '']);
  const [ta, ia] = key(a) as [number, string];
  const [tb, ib] = key(b) as [number, string];
  return ta - tb || (ia < ib ? -1 : ia > ib ? 1 : 0);
}

/** Applies one mutation in place to `root` (a JSON copy of a thread, perhaps already mutated out of shape). */
function mutate(root: Record<string, Json>, m: Mutation): void {
  const messages = Array.isArray(root.messages) ? (root.messages as Json[]) : undefined;
  switch (m.kind) {
    case 'set':
    case 'delete':
    case 'special': {
      const path = pick(pathsOf(root), m.path);
      const at = path && parentOf(root, path);
      if (!at) return;
      const [parent, key] = at;
      if (m.kind === 'set') parent[key] = structuredClone(m.value);
      else if (m.kind === 'special') {
        const target = isContainer(parent[key]) ? (parent[key] as object) : parent;
        Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
      } else if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      return;
    }
    case 'messageField': {
      const message = messages && pick(messages, m.message);
      if (!isContainer(message)) return;
      if (m.value === undefined) delete message[m.field];
      else message[m.field] = structuredClone(m.value);
      return;
    }
    case 'swap': {
      if (!messages || messages.length === 0) return;
      const a = m.a % messages.length;
      const b = m.b % messages.length;
      [messages[a], messages[b]] = [messages[b], messages[a]];
      return;
    }
    case 'duplicate': {
      const message = messages && pick(messages, m.message);
      if (messages) messages.splice(m.at % (messages.length + 1), 0, structuredClone(message));
      return;
    }
    case 'sameId': {
      const from = messages && pick(messages, m.from);
      const to = messages && pick(messages, m.to);
      if (isContainer(from) && isContainer(to)) to.id = from.id;
      return;
    }
    case 'renumber':
      messages?.forEach((message, seq) => {
        if (isContainer(message)) message.seq = seq;
      });
      return;
    case 'sort':
      messages?.sort(byThreadOrder);
      mutate(root, { kind: 'renumber' });
      return;
    case 'version':
      root.version = m.version;
      return;
    case 'downgrade': {
      // What an older build wrote: without the fields added since.
      root.version = m.version;
      delete root.renamed;
      delete root.speakingTo;
      for (const message of messages ?? []) {
        if (!isContainer(message)) continue;
        delete message.unrouted;
        delete message.alternativeOf;
        delete message.leftOut;
        if (m.version === 1) delete message.attempt;
      }
      return;
    }
  }
}

const mutant = fc.array(mutation, { minLength: 1, maxLength: 5 }).map((mutations) => {
  const root = structuredClone(valid()) as unknown as Record<string, Json>;
  for (const m of mutations) mutate(root, m);
  return root;
});

describe('parseTranscript on mutations of a valid thread', () => {
  test('the fixture itself is sound', () => {
    expect(brokenInvariants(valid())).toEqual([]);
    expect(expectSound(valid())).toBe(true);
  });

  test('never throws; what it accepts holds every invariant and reads back the same', () => {
    let accepted = 0;
    fc.assert(
      fc.property(mutant, (thread) => {
        if (expectSound(thread)) accepted++;
      }),
      { numRuns: 300 },
    );
    // Enough mutants are still threads for the acceptance half of the property to mean something (about one in six
    // is; one in twenty is far below what any seed gives).
    expect(accepted).toBeGreaterThan(15);
  });

  test('what it refuses breaks something the checker also sees, when the shape is right', () => {
    // The other direction, as far as an independent check can tell: a mutant of the right shape that the checker
    // finds sound must be accepted (the checker covers every invariant parseTranscript documents for version 3).
    fc.assert(
      fc.property(mutant, (thread) => {
        const shape = TranscriptShape.safeParse(thread);
        if (!shape.success) return;
        expect(parseTranscript(thread).ok).toBe(brokenInvariants(shape.data).length === 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('an upgrade that would not read back (the round trip above, minimised)', () => {
  /** The fixture as a version 1 file, its last message at `createdAt`. */
  function version1(createdAt: string) {
    const { renamed: _r, speakingTo: _s, ...rest } = valid();
    const messages = rest.messages.map(({ unrouted: _u, alternativeOf: _a, leftOut: _l, ...m }) => m);
    return {
      ...rest,
      version: 1,
      messages: messages.map((m, i) => (i === messages.length - 1 ? { ...m, createdAt } : m)),
    };
  }

  test('a version 1 time late on the last day of 9999 in a zone behind UTC is refused', () => {
    // In UTC it is already the year 10000: the upgrade used to write it as "+010000-01-01T23:58:59.999Z", which no
    // thread may hold, so the upgraded thread was refused as soon as it was read again.
    const result = parseTranscript(version1('9999-12-31T23:59:59.999-23:59'));
    expect(result).toEqual({ ok: false, error: expect.stringContaining('messages[5].createdAt') });
  });

  test('so is a version 1 file whose tied times would be raised past the end of 9999', () => {
    const file = version1('9999-12-31T23:59:59.999Z');
    file.messages = file.messages.map((m) => ({ ...m, createdAt: '9999-12-31T23:59:59.999Z' }));
    expect(parseTranscript(file)).toEqual({ ok: false, error: expect.stringContaining('messages[1].createdAt') });
  });

  test('the last instant of 9999 itself still upgrades, and reads back', () => {
    expect(expectSound(version1('9999-12-31T23:59:59.999Z'))).toBe(true);
  });
});
