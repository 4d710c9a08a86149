import { mergeLeases } from './leaseMerge';
import { comparePlans, inThreadOrder } from './order';
import type { TurnPlan } from './plan';
import { type Message, type MessageStatus, type Stamped, TRANSCRIPT_VERSION, type Transcript } from './schema';
import { threadTitle } from './summary';

/**
 * Joins two copies of one thread (this window's and what another window wrote) into the copy both converge on.
 *
 * A thread is a set of messages keyed by id, and a message only moves forward: its content grows while it
 * streams, it ends `complete`, `error` or `cancelled`, a retry starts a higher `attempt`, and a tombstone
 * (`deleted`) is final. So the join keeps every message of either side and, for a message on both sides, the one
 * further along (`laterMessage`). The result is then put in the thread order (`compareMessages`) and its seq
 * renumbered. Thread-level choices (`renamed`, `speakingTo`, `mode`) keep the later one (`laterStamp`); the title
 * follows from them and the messages; participants are the union, sorted; plans (immutable) are the union by id;
 * turn leases, each once, the one further along, as many as a thread keeps (`mergeLeases`).
 *
 * The join is commutative, associative and idempotent (a property test holds it to that), which is what makes
 * windows converge whatever order they see each other's writes in. Neither input is modified.
 */
export function mergeTranscripts(a: Transcript, b: Transcript): Transcript {
  if (a.id !== b.id) throw new Error(`cannot merge thread ${a.id} with thread ${b.id}`);
  const byId = new Map<string, Message>();
  for (const m of a.messages) byId.set(m.id, m);
  for (const m of b.messages) {
    const mine = byId.get(m.id);
    byId.set(m.id, mine ? laterMessage(mine, m) : m);
  }
  const messages = inThreadOrder([...byId.values()]);
  const renamed = laterStamp(a.renamed, b.renamed);
  const speakingTo = laterStamp(a.speakingTo, b.speakingTo);
  const mode = laterStamp(a.mode, b.mode);
  const plans = mergePlans(a.plans, b.plans);
  const leases = mergeLeases(a.leases ?? [], b.leases ?? []);
  return {
    version: TRANSCRIPT_VERSION,
    id: a.id,
    title: threadTitle(renamed, messages),
    createdAt: earlier(a.createdAt, b.createdAt),
    updatedAt: later(a.updatedAt, b.updatedAt),
    participants: [...new Set([...a.participants, ...b.participants])].sort(),
    messages,
    ...(renamed ? { renamed } : {}),
    ...(speakingTo ? { speakingTo } : {}),
    ...(mode ? { mode } : {}),
    ...(plans.length > 0 ? { plans } : {}),
    ...(leases.length > 0 ? { leases } : {}),
  };
}

/**
 * The plans of both copies: a plan never changes once made, so the join is the union by id in the plan order. Two
 * different plans under one id (which a correct program does not make) keep the greater canonical JSON, the same
 * whichever side is `a`.
 */
function mergePlans(a: readonly TurnPlan[] = [], b: readonly TurnPlan[] = []): TurnPlan[] {
  if (b.length === 0) return [...a];
  const byId = new Map<string, TurnPlan>();
  for (const plan of [...a, ...b]) {
    const other = byId.get(plan.id);
    byId.set(plan.id, other && canonicalJson(other) >= canonicalJson(plan) ? other : plan);
  }
  return [...byId.values()].sort(comparePlans);
}

/** Of two stamped choices, the later; at the same instant, the one whose JSON is greater (the same on every side). */
export function laterStamp<T>(a: Stamped<T> | undefined, b: Stamped<T> | undefined): Stamped<T> | undefined {
  if (!a || !b) return a ?? b;
  const d = Date.parse(a.at) - Date.parse(b.at);
  if (d !== 0) return d > 0 ? a : b;
  return canonicalJson(a) >= canonicalJson(b) ? a : b;
}

/** How far along a status is: streaming, then any end, then the tombstone. */
const STATUS_RANK: Record<MessageStatus, number> = { streaming: 0, complete: 1, error: 1, cancelled: 1, deleted: 2 };

/**
 * Of two versions of one message, the one further along: a tombstone wins; then the higher attempt; then an ended
 * reply over a streaming one; then the longer content (it only grows while streaming); then a synthesis read over
 * the same one not read yet (an older thread read in one window). Versions that tie on all of that (which a correct
 * program does not produce) are ordered by their canonical JSON, so the choice is still the same whichever side is
 * `a`. `seq` is ignored: it is a position, renumbered after every merge.
 */
export function laterMessage(a: Message, b: Message): Message {
  if (a === b) return a;
  const keys = (m: Message) => [
    STATUS_RANK[m.status] === 2 ? 1 : 0,
    m.attempt ?? 1,
    STATUS_RANK[m.status],
    m.content.length,
    m.synthesis ? 1 : 0,
  ];
  const ka = keys(a);
  const kb = keys(b);
  for (let i = 0; i < ka.length; i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0);
    if (d !== 0) return d > 0 ? a : b;
  }
  const ja = canonicalJson({ ...a, seq: 0 });
  const jb = canonicalJson({ ...b, seq: 0 });
  return ja >= jb ? a : b;
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function earlier(a: string, b: string): string {
  const d = Date.parse(a) - Date.parse(b);
  return d < 0 || (d === 0 && a <= b) ? a : b;
}

function later(a: string, b: string): string {
  const d = Date.parse(a) - Date.parse(b);
  return d > 0 || (d === 0 && a >= b) ? a : b;
}
