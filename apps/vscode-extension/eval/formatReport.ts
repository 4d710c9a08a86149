import { FORMAT_KINDS, type FormatKind, type StepFormat } from './formats';

/** A reply whose format was not read: which question, which seat, which round (0: the Council), and why. */
export interface Unread {
  question: string;
  seat: string;
  round: number;
  reason: string;
}

/** How many replies of one kind of step were read, of how many asked for, and each unread one with its reason. */
export interface Adherence {
  read: number;
  total: number;
  unread: Unread[];
}

export type Formats = Record<FormatKind, Adherence>;

/** Every kind counted over the questions' replies; a kind no question asked for is `{read: 0, total: 0}`. */
export function countFormats(questions: readonly { id: string; formats: readonly StepFormat[] }[]): Formats {
  const none = (): Adherence => ({ read: 0, total: 0, unread: [] });
  const formats: Formats = { answer: none(), verdict: none(), ledger: none(), positions: none() };
  for (const question of questions) {
    for (const step of question.formats) {
      const counted = formats[step.kind];
      counted.total += 1;
      if (step.read) counted.read += 1;
      else counted.unread.push({ question: question.id, seat: step.seat, round: step.round, reason: step.reason });
    }
  }
  return formats;
}

/** The most distinct reasons listed per kind in the summary (report.json lists every unread reply). */
const MAX_REASONS = 5;

/** The formats as a Markdown table, then, per kind, why replies were not read (the commonest reasons first). */
export function formatsSummary(formats: Formats): string[] {
  const rate = (a: Adherence) => (a.total === 0 ? '–' : `${Math.round((100 * a.read) / a.total)}%`);
  const lines = [
    '| format | read | rate |',
    '| --- | --- | --- |',
    ...FORMAT_KINDS.map(
      (kind) => `| ${kind} | ${formats[kind].read}/${formats[kind].total} | ${rate(formats[kind])} |`,
    ),
    '',
  ];
  for (const kind of FORMAT_KINDS) {
    const counts = new Map<string, number>();
    for (const u of formats[kind].unread) counts.set(u.reason, (counts.get(u.reason) ?? 0) + 1);
    const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const [reason, n] of sorted.slice(0, MAX_REASONS)) lines.push(`- ${kind} not read (${n}): ${oneLine(reason)}`);
    if (sorted.length > MAX_REASONS) lines.push(`- ${kind}: ${sorted.length - MAX_REASONS} more reasons in the report`);
  }
  return lines;
}

/** A reason on one line of at most 200 characters (an error from a server may be long, or span lines). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
