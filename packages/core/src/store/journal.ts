import * as v from 'valibot';
import { issuePath } from '../transcript/base';
import { canonicalJson, mergeTranscripts } from '../transcript/merge';
import { leasedHere, parseTranscript } from '../transcript/parseTranscript';
import {
  type Message,
  TRANSCRIPT_VERSION,
  type Transcript,
  TranscriptShape,
  TranscriptShapeV4,
} from '../transcript/schema';

/**
 * A thread's journal: what changed since its base file was last written whole, one JSON line per save, so a save
 * costs what changed rather than the whole thread. Each line holds a partial transcript (the thread's head: title,
 * times, participants and choices; the messages that were added or changed, whole; the plans that were added).
 *
 * Replaying is merging (`mergeTranscripts`, a join: commutative, associative, idempotent), so:
 * - a line replayed over a base that already holds it changes nothing (a crash between writing the base file and
 *   emptying the journal loses nothing and duplicates nothing);
 * - lines from two windows replay the same in any order;
 * - a line that cannot be read is left out without touching what the base file or the other lines hold.
 */
export const JOURNAL_VERSION = 1;

/** One line as stored (without its newline). */
interface JournalLineShape {
  journal: number;
  thread: Transcript;
}

/**
 * What changed from `before` (what is stored) to `after` (what is to be stored), as a journal entry: `after`'s head
 * with only the messages that differ (`seq` aside: it is a position, renumbered on every merge) and the plans that
 * are new. Undefined when nothing changed.
 */
export function journalEntry(before: Transcript, after: Transcript): Transcript | undefined {
  const stored = new Map(before.messages.map((m) => [m.id, m]));
  const messages = after.messages.filter((m) => {
    const was = stored.get(m.id);
    return was === undefined || !sameMessage(was, m);
  });
  const storedPlans = new Set((before.plans ?? []).map((p) => p.id));
  const plans = (after.plans ?? []).filter((p) => !storedPlans.has(p.id));
  const head = (t: Transcript) => canonicalJson({ ...t, messages: [], plans: [] });
  if (messages.length === 0 && plans.length === 0 && head(before) === head(after)) return undefined;
  const { plans: _all, ...rest } = after;
  return { ...rest, messages, ...(plans.length > 0 ? { plans } : {}) };
}

/** The text of one journal line, newline included. */
export function journalLine(entry: Transcript): string {
  const line: JournalLineShape = { journal: JOURNAL_VERSION, thread: entry };
  return `${JSON.stringify(line)}\n`;
}

export type JournalLineRead =
  | { ok: true; entry: Transcript }
  /** `newer`: written by a newer Roundtable; the thread must be left alone. */
  | { ok: false; reason: string; newer?: true };

/** Reads one complete journal line (without its newline) of thread `threadId`. Never throws. */
export function parseJournalLine(line: string, threadId: string): JournalLineRead {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (typeof json !== 'object' || json === null) return { ok: false, reason: 'not a journal entry' };
  const { journal, thread } = json as Partial<JournalLineShape>;
  const version = (thread as { version?: unknown } | undefined)?.version;
  if (
    (typeof journal === 'number' && journal > JOURNAL_VERSION) ||
    (typeof version === 'number' && version > TRANSCRIPT_VERSION)
  ) {
    return { ok: false, reason: 'written by a newer Roundtable; update Roundtable to open this thread', newer: true };
  }
  if (journal !== JOURNAL_VERSION) return { ok: false, reason: 'not a journal entry' };
  // A journal written before an upgrade is replayed after it: a line of format 4 (which the current format only
  // adds to) reads as it is.
  const parsed = v.safeParse(version === 4 ? TranscriptShapeV4 : TranscriptShape, thread);
  if (!parsed.success) {
    const [issue] = parsed.issues;
    return { ok: false, reason: `invalid entry (${issuePath(issue)}: ${issue.message})` };
  }
  const entry: Transcript = { ...parsed.output, version: TRANSCRIPT_VERSION };
  if (entry.id !== threadId) return { ok: false, reason: `entry of another thread (${entry.id})` };
  // A reply still streaming is written only with its turn's lease, which every line holds whole (its head).
  if (entry.messages.some((m) => m.status === 'streaming' && !leasedHere(entry, m))) {
    return { ok: false, reason: 'entry holds a streaming message outside a turn that holds a lease' };
  }
  return { ok: true, entry };
}

export interface Replayed {
  transcript: Transcript;
  /** Entries left out because the thread they made broke a rule of a valid thread, by index, with the reason. */
  rejected: { index: number; reason: string }[];
}

/** The base transcript with the journal's entries merged in, validated as a whole thread. */
export function replayJournal(base: Transcript, entries: readonly Transcript[]): Replayed {
  if (entries.length === 0) return { transcript: base, rejected: [] };
  // Merging the (small) entries together first makes one pass over the (large) base.
  const whole = parseTranscript(mergeTranscripts(base, entries.reduce(mergeTranscripts)));
  if (whole.ok) return { transcript: whole.value, rejected: [] };
  // Some entry breaks a rule of the whole thread: take them one at a time and leave out those that break it.
  let transcript = base;
  const rejected: Replayed['rejected'] = [];
  for (const [index, entry] of entries.entries()) {
    const next = parseTranscript(mergeTranscripts(transcript, entry));
    if (next.ok) transcript = next.value;
    else rejected.push({ index, reason: next.error });
  }
  return { transcript, rejected };
}

/** Equal apart from `seq`. Cheap when nothing changed: a message keeps its strings, so `===` settles most fields. */
function sameMessage(a: Message, b: Message): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('seq');
  for (const key of keys) {
    const x = a[key as keyof Message];
    const y = b[key as keyof Message];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || canonicalJson(x) !== canonicalJson(y)) return false;
  }
  return true;
}
