import type { ThreadListEntry } from '@roundtable/core/protocol/hostToWebview';
import type { ThreadMatch } from '@roundtable/core/threads/searchThreads';
import type * as vscode from 'vscode';

/** What a thread's row offers besides opening it. */
export type ThreadAction = 'rename' | 'export' | 'delete';

export interface ThreadButton extends vscode.QuickInputButton {
  action: ThreadAction;
}

export interface ThreadPick extends vscode.QuickPickItem {
  entry: ThreadListEntry;
  unreadable?: string;
  buttons?: ThreadButton[];
}

/**
 * Quick pick items, newest first: the title, when it changed and how long it is, and which one is shown. With a
 * search under way, only the threads that hold the query are listed, each thread found in its messages with the
 * line that holds it (as `detail`, which the quick pick also matches on, so its own filter keeps the row). Every
 * readable thread's row carries `buttons`.
 */
export function threadPicks(
  entries: readonly ThreadListEntry[],
  shown: string | undefined,
  now: number,
  options: { matches?: ReadonlyMap<string, ThreadMatch>; buttons?: ThreadButton[] } = {},
): ThreadPick[] {
  const { matches, buttons } = options;
  const listed = matches ? entries.filter((e) => matches.has(e.id)) : entries;
  return listed.map((entry) => {
    if (entry.unreadable) {
      return { label: `$(warning) ${entry.title}`, description: 'cannot be read', entry, unreadable: entry.unreadable };
    }
    const count = `${entry.messageCount} message${entry.messageCount === 1 ? '' : 's'}`;
    const facts = [sinceText(Date.parse(entry.updatedAt), now), count];
    if (entry.busy) facts.push('replying');
    if (entry.id === shown) facts.push('shown');
    const snippet = matches?.get(entry.id)?.snippet;
    return {
      label: `${entry.busy ? '$(loading~spin)' : '$(comment-discussion)'} ${entry.title.trim() || 'New conversation'}`,
      description: facts.join(' · '),
      ...(snippet ? { detail: snippet } : {}),
      entry,
      ...(buttons ? { buttons } : {}),
    };
  });
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date. */
export function sinceText(then: number, now: number): string {
  const minutes = Math.floor((now - then) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(then).toISOString().slice(0, 10);
}
