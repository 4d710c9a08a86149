import { mapMarkdown } from '../base/markdownCode';
import { labelsOf } from '../orchestrator/ownLabel';
import { mapComments } from './codeComments';
import { ANOTHER_ASSISTANT } from './instructions';
import { familiesOf, vendorWords } from './vendors';

/** A seat as anonymisation knows it: every name it goes by, and what they become. */
export interface NamedSeat {
  id: string;
  /** Every name it goes by besides its id: display names, aliases, model ids, providers (`namedSeats`). */
  names: readonly string[];
  /** What its names are replaced by: its neutral label ("Response B"), or a neutral phrase. */
  replacement: string;
}

/** One kind of replacement made, and how often: shown by the prompt inspector. */
export interface Replacement {
  from: string;
  to: string;
  count: number;
}

/**
 * Rewrites texts so no seat is named, and tallies what it replaced. One per prompt.
 *
 * What is a name: each seat's id and names, and the words of every model family (`VENDOR_FAMILIES`: "ChatGPT",
 * "Anthropic", `gemini`), each a whole word in any case, and each also with a model id's version after it
 * (`gpt-5.5`, `claude-sonnet-4-6`, `llama3.1:70b`, replaced whole). A name becomes its seat's replacement; a family's
 * word becomes its one seat at the table's, and a name that stands for several seats (two seats on one model, two
 * of one family) or for none becomes "another assistant", so a reply is never given another's label.
 */
export class Anonymiser {
  private readonly names: RegExp | undefined;
  private readonly mentions: RegExp | undefined;
  /** What each name (lower-cased) becomes. */
  private readonly byName = new Map<string, string>();
  private readonly tally = new Map<string, Replacement>();

  /** `mentionable`: further @-names (groups, `all`) that address seats and are dropped from the text. */
  constructor(
    private readonly seats: readonly NamedSeat[],
    mentionable: readonly string[] = [],
  ) {
    const claimants = new Map<string, Set<string>>();
    const claim = (name: string, seat: string) => {
      const key = name.toLowerCase();
      claimants.set(key, (claimants.get(key) ?? new Set()).add(seat));
    };
    for (const seat of seats) for (const name of namesOf(seat)) claim(name, seat.id);
    const families = seats.map((seat) => familiesOf(namesOf(seat)));
    for (const [word, family] of vendorWords(new Set(families.flat()))) {
      claimants.set(word.toLowerCase(), claimants.get(word.toLowerCase()) ?? new Set());
      for (const [i, seat] of seats.entries()) if (families[i]?.includes(family)) claim(word, seat.id);
    }
    const replacement = new Map(seats.map((s) => [s.id, s.replacement]));
    for (const [name, who] of claimants) {
      const [only] = who;
      this.byName.set(name, who.size === 1 && only !== undefined ? (replacement.get(only) ?? '') : ANOTHER_ASSISTANT);
    }
    // Longest first, so "Claude Opus" is one name rather than "Claude" followed by " Opus".
    const names = [...this.byName.keys()].sort((a, b) => b.length - a.length);
    this.names =
      names.length > 0
        ? new RegExp(`${WORD_START}(${names.map(escapeRegExp).join('|')})(${VERSION})?${WORD_END}`, 'giu')
        : undefined;
    const handles = [...new Set([...seats.flatMap(namesOf), ...mentionable])].sort((a, b) => b.length - a.length);
    this.mentions =
      handles.length > 0
        ? new RegExp(`${MENTION_START}@(?:${handles.map(escapeRegExp).join('|')})${WORD_END}[ \\t]?`, 'giu')
        : undefined;
  }

  /**
   * The text with every name replaced, @-mentions of seats and groups dropped, and, when `author` wrote it, a label of
   * its own at its very start (`[Claude]:`, `Claude:`) removed. In prose every name goes; in code (inline spans, and
   * the comments of fenced blocks: `// Claude's fix`) every name that stands alone goes, and one that is part of an
   * identifier or a path stays (`claudeClient`, `claude_api`, `anthropic.Client()`, `@anthropic-ai/sdk`); the rest of
   * a fenced block (its code, its strings, `import anthropic`) is left exactly as written: changing it would change
   * what is reviewed.
   */
  scrub(text: string, author?: string): string {
    const body = author ? this.dropOwnLabel(text, author) : text;
    return mapMarkdown(body, {
      prose: (prose) => this.replaceNames(this.dropMentions(prose), false),
      inline: (span) => this.replaceNames(span, true),
      fence: (block) => mapComments(block, (comment) => this.replaceNames(comment, true)),
    });
  }

  /** What was replaced so far, most frequent first. */
  replacements(): Replacement[] {
    return [...this.tally.values()].sort((a, b) => b.count - a.count || (a.from < b.from ? -1 : 1));
  }

  private replaceNames(text: string, code: boolean): string {
    if (!this.names) return text;
    return text.replace(this.names, (match: string, name: string, version: string | undefined, at: number) => {
      // A model id's version has a digit in it; anything else after a hyphen or a dot is words, read on their own.
      const words = version !== undefined && !/\d/.test(version);
      if (code && !standsAlone(text, at, at + (words ? name.length : match.length))) return match;
      const to = this.byName.get(name.toLowerCase()) ?? ANOTHER_ASSISTANT;
      return words ? this.count(name, to) + this.replaceNames(version, code) : this.count(match, to);
    });
  }

  private dropMentions(prose: string): string {
    return this.mentions ? prose.replace(this.mentions, (m) => this.count(m.trim(), '')) : prose;
  }

  private dropOwnLabel(text: string, author: string): string {
    const seat = this.seats.find((s) => s.id === author);
    if (!seat) return text;
    const body = text.trimStart();
    const lower = body.toLowerCase();
    const label = labelsOf(namesOf(seat))
      .sort((a, b) => b.length - a.length)
      .find((l) => lower.startsWith(l.toLowerCase()));
    if (!label) return text;
    this.count(body.slice(0, label.length), '');
    return body.slice(label.length).replace(/^[ \t]*\r?\n?/, '');
  }

  private count(from: string, to: string): string {
    const key = `${from.toLowerCase()}\u0000${to}`;
    const entry = this.tally.get(key) ?? { from, to, count: 0 };
    entry.count += 1;
    this.tally.set(key, entry);
    return to;
  }
}

function namesOf(seat: NamedSeat): string[] {
  return [seat.id, ...seat.names].map((n) => n.trim()).filter((n) => n !== '');
}

/** A name starts where no letter, digit or underscore precedes it… */
const WORD_START = String.raw`(?<![\p{L}\p{N}_])`;
/** …and ends where none follows (a hyphen after it is allowed: "Claude-style" still names Claude). */
const WORD_END = String.raw`(?![\p{L}\p{N}_])`;
/**
 * A model id's version after a name: digits right after it (`gpt4`, `qwen2.5`), or parts each after a `-`, `.` or
 * `:` (`-sonnet-4-6`, `:70b`). Every part after the first starts with its separator, so a text is read one way only.
 */
const VERSION = String.raw`(?:\d[\p{L}\p{N}]*|[-.:][\p{L}\p{N}]+)(?:[-.:][\p{L}\p{N}]+)*`;
/** An @-mention starts at the start of the text or after a space, an opening bracket or quote (as the router reads). */
const MENTION_START = String.raw`(?<=^|[\s(\[{<"'“‘«‹*~,;])`;
/** What an identifier or a path is made of in code. */
const TOKEN = /[\p{L}\p{N}_$.\\/:@#-]/u;

/**
 * In code, whether the name at `[start, end)` stands alone: no part of an identifier or a path touches it before, and
 * after it only a full stop or a colon ends its token (`Claude.`, `gpt-5.5:`); `claude.run()`, `$claude`, `@claude`,
 * `claude/` and `#claude` are code.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  if (start > 0 && TOKEN.test(text.charAt(start - 1))) return false;
  for (let i = end; i < text.length && TOKEN.test(text.charAt(i)); i++) {
    if (!/[.:]/.test(text.charAt(i))) return false;
  }
  return true;
}

/** `text` as a pattern that matches it literally (in a `u` regex, where `\-` is no escape). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
