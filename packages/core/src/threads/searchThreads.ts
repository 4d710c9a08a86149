import type { Transcript } from '../transcript/schema';

/** How a thread matches a search: by its title, and where its messages say it (a line around the first hit). */
export interface ThreadMatch {
  title: boolean;
  /** Around the first message that holds the query, on one line, at most about 90 characters. */
  snippet?: string;
}

const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 90;

/**
 * Whether a thread holds `query` (case-insensitive, as typed, blanks collapsed) in its title or in a message
 * (text or context blocks; deleted messages hold nothing). Undefined when it does not, or the query is blank.
 */
export function matchThread(transcript: Transcript, query: string): ThreadMatch | undefined {
  const needle = query.trim().replace(/\s+/g, ' ').toLowerCase();
  if (needle === '') return undefined;
  const title = transcript.title.toLowerCase().includes(needle);
  for (const m of transcript.messages) {
    if (m.status === 'deleted') continue;
    for (const text of [m.content, ...(m.contextBlocks ?? []).map((b) => b.content)]) {
      const flat = text.replace(/\s+/g, ' ');
      const at = flat.toLowerCase().indexOf(needle);
      if (at >= 0) return { title, snippet: snippetOf(flat, at) };
    }
  }
  return title ? { title } : undefined;
}

function snippetOf(flat: string, at: number): string {
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const end = Math.min(flat.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/**
 * The threads among `ids` that hold `query`, by id, read one at a time through `read` (which may cache). A thread
 * that cannot be read matches nothing. `isCurrent` is asked between reads: once a newer query has taken over, the
 * search stops and gives what it has.
 */
export async function searchThreads(
  ids: readonly string[],
  query: string,
  read: (id: string) => Promise<Transcript | undefined>,
  isCurrent: () => boolean = () => true,
): Promise<Map<string, ThreadMatch>> {
  const found = new Map<string, ThreadMatch>();
  for (const id of ids) {
    if (!isCurrent()) break;
    const transcript = await read(id);
    const match = transcript && matchThread(transcript, query);
    if (match) found.set(id, match);
  }
  return found;
}
