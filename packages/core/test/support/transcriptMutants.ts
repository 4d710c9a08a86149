import fc from 'fast-check';
import { SPECIAL_KEYS } from '../../src/testing/hostileValues';
import { valid } from './transcriptFixture';

// The valid fixture mutated at random, for the fuzz tests of parseTranscript: fields set, deleted or given special
// keys, messages swapped, duplicated, renumbered or sorted, the version changed or the file downgraded.

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

export type Mutation =
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
export function pathsOf(value: Json, prefix: Path = []): Path[] {
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

/**
 * An array whose methods still behave: an earlier 'special' mutation may have given it its own `constructor` (a
 * hostile value), which `splice` consults to build its result and throws on. Such an array is left as it is: the
 * mutation is about the thread, not about the mutator surviving what it made.
 */
function plainArray(value: unknown): value is Json[] {
  return Array.isArray(value) && !Object.hasOwn(value, 'constructor');
}

/** Applies one mutation in place to `root` (a JSON copy of a thread, perhaps already mutated out of shape). */
export function mutate(root: Record<string, Json>, m: Mutation): void {
  const messages = plainArray(root.messages) ? root.messages : undefined;
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
      } else if (plainArray(parent)) parent.splice(Number(key), 1);
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

/** A fresh copy of the valid fixture, changed by one to five mutations. */
export const mutant = fc.array(mutation, { minLength: 1, maxLength: 5 }).map((mutations) => {
  const root = structuredClone(valid()) as unknown as Record<string, Json>;
  for (const m of mutations) mutate(root, m);
  return root;
});
