import { mapProse } from '../base/markdownCode';
import { ownLabels } from '../orchestrator/ownLabel';

/** A seat as anonymisation knows it: every name it goes by, and what it becomes. */
export interface NamedSeat {
  id: string;
  displayName: string;
  aliases?: readonly string[];
  /** What its names are replaced by: its neutral label ("Response B"), or a neutral phrase. */
  replacement: string;
}

/** One kind of replacement made, and how often: shown by the prompt inspector. */
export interface Replacement {
  from: string;
  to: string;
  count: number;
}

/** Rewrites texts so no seat is named, and tallies what it replaced. One per prompt. */
export class Anonymiser {
  private readonly names: RegExp | undefined;
  private readonly mentions: RegExp | undefined;
  private readonly byName = new Map<string, NamedSeat>();
  private readonly tally = new Map<string, Replacement>();

  /** `mentionable`: further @-names (groups, `all`) that address seats and are dropped from the text. */
  constructor(
    private readonly seats: readonly NamedSeat[],
    mentionable: readonly string[] = [],
  ) {
    for (const seat of seats) {
      for (const name of namesOf(seat))
        if (!this.byName.has(name.toLowerCase())) this.byName.set(name.toLowerCase(), seat);
    }
    // Longest first, so "Claude Opus" is one name rather than "Claude" followed by " Opus".
    const names = [...this.byName.keys()].sort((a, b) => b.length - a.length);
    this.names =
      names.length > 0
        ? new RegExp(`${WORD_START}(?:${names.map(escapeRegExp).join('|')})${WORD_END}`, 'giu')
        : undefined;
    const handles = [...new Set([...seats.flatMap((s) => [s.id, ...(s.aliases ?? [])]), ...mentionable])];
    this.mentions =
      handles.length > 0
        ? new RegExp(`${MENTION_START}@(?:${handles.map(escapeRegExp).join('|')})${WORD_END}[ \\t]?`, 'giu')
        : undefined;
  }

  /**
   * The text with every seat's names (display name, id, aliases: whole words, any case) replaced by its replacement,
   * @-mentions of seats and groups dropped, and, when `author` wrote it, a label of its own at its very start
   * (`[Claude]:`, `Claude:`) removed. Code (fenced blocks and inline spans) is left exactly as it is: a name there is
   * part of the code, and changing it would change what is reviewed.
   */
  scrub(text: string, author?: string): string {
    let out = author ? this.dropOwnLabel(text, author) : text;
    out = mapProse(out, (prose) => {
      let rewritten = prose;
      if (this.mentions) rewritten = rewritten.replace(this.mentions, (m) => this.count(m.trim(), '', ''));
      if (this.names) {
        rewritten = rewritten.replace(this.names, (m) => {
          const seat = this.byName.get(m.toLowerCase());
          return seat ? this.count(m, seat.replacement, seat.replacement) : m;
        });
      }
      return rewritten;
    });
    return out;
  }

  /** What was replaced so far, most frequent first. */
  replacements(): Replacement[] {
    return [...this.tally.values()].sort((a, b) => b.count - a.count || (a.from < b.from ? -1 : 1));
  }

  private dropOwnLabel(text: string, author: string): string {
    const seat = this.seats.find((s) => s.id === author);
    if (!seat) return text;
    const body = text.trimStart();
    const lower = body.toLowerCase();
    const label = ownLabels(seat)
      .sort((a, b) => b.length - a.length)
      .find((l) => lower.startsWith(l.toLowerCase()));
    if (!label) return text;
    this.count(label, '', '');
    return body.slice(label.length).replace(/^[ \t]*\r?\n?/, '');
  }

  private count(from: string, to: string, result: string): string {
    const key = `${from.toLowerCase()}\u0000${to}`;
    const entry = this.tally.get(key) ?? { from, to, count: 0 };
    entry.count += 1;
    this.tally.set(key, entry);
    return result;
  }
}

function namesOf(seat: NamedSeat): string[] {
  return [seat.displayName, seat.id, ...(seat.aliases ?? [])].map((n) => n.trim()).filter((n) => n !== '');
}

/** A name starts where no letter, digit or underscore precedes it… */
const WORD_START = String.raw`(?<![\p{L}\p{N}_])`;
/** …and ends where none follows (a hyphen after it is allowed: "Claude-style" still names Claude). */
const WORD_END = String.raw`(?![\p{L}\p{N}_])`;
/** An @-mention starts at the start of the text or after a space, an opening bracket or quote (as the router reads). */
const MENTION_START = String.raw`(?<=^|[\s(\[{<"'“‘«‹*~,;])`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
