import type { ParticipantConfig } from '../participants/participant';

/**
 * The ways a model starts a reply with its own name, having read everyone else's words labelled so: `[Claude]:`,
 * `[Claude]` and `Claude:` (by display name and by id; matched without regard to case).
 */
export function ownLabels(participant: Pick<ParticipantConfig, 'id' | 'displayName'>): string[] {
  return labelsOf([participant.displayName, participant.id]);
}

/** `[name]:`, `[name]` and `name:` for each of the names (each name once). */
export function labelsOf(names: readonly string[]): string[] {
  return [...new Set(names)].flatMap((name) => [`[${name}]:`, `[${name}]`, `${name}:`]);
}

/**
 * Strips a reply's own label from its start, while it streams: text is held back only while what has arrived
 * could still be the start of a label (a few characters), then passed through untouched.
 *
 * Exactly the label goes, with the spaces after it and at most one line break; nothing else is ever changed. Text
 * that only starts like a label (`Claudette`, `Claude said`) is let through whole. Of two labels that both match
 * (`[Claude]` and `[Claude]:`), the longer one is stripped.
 */
export class OwnLabelStripper {
  private held = '';
  private state: 'start' | 'afterLabel' | 'through' = 'start';
  private readonly labels: string[];

  constructor(labels: readonly string[]) {
    this.labels = labels.map((l) => l.toLowerCase()).sort((a, b) => b.length - a.length);
  }

  /** Takes the next piece of the reply; returns what can be shown now (possibly nothing). */
  push(text: string): string {
    if (this.state === 'through') return text;
    if (this.state === 'afterLabel') return this.skipSpace(text);
    this.held += text;
    const body = this.held.trimStart();
    const lower = body.toLowerCase();
    if (body === '' || this.labels.some((l) => l.length > body.length && l.startsWith(lower))) return '';
    const label = this.labels.find((l) => body.slice(0, l.length).toLowerCase() === l);
    const held = this.held;
    this.held = '';
    if (!label) {
      this.state = 'through';
      return held;
    }
    this.state = 'afterLabel';
    const start = held.length - held.trimStart().length;
    return this.skipSpace(held.slice(start + label.length));
  }

  /** The reply ended: whatever is still held back (a reply that is only a label shows nothing). */
  flush(): string {
    const held = this.held;
    this.held = '';
    if (this.state !== 'start') return '';
    this.state = 'through';
    const body = held.trimStart().toLowerCase();
    return this.labels.includes(body) ? '' : held;
  }

  /** After the label: drops spaces and one line break until the reply's first other character. */
  private skipSpace(text: string): string {
    const rest = text.replace(/^[ \t]*(\r?\n)?/, '');
    if (rest === '') {
      // Only spaces (or the line break) so far: a later piece may still start with more spaces.
      if (/\n/.test(text)) this.state = 'through';
      return '';
    }
    this.state = 'through';
    return rest;
  }
}
