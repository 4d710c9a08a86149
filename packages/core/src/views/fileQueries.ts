import { type IntentResult, OK } from '../orchestrator/result';
import type { HostActions } from './viewPorts';

// The composer's `#` list, host side: each query answered with the workspace's files that match it, and a view's
// last query answered again as files come and go.

/** What answering a view's `#name` queries needs of the view. */
export interface FileQueryView {
  /** Sends the page the files that match its `#name` query. */
  filesFound(query: string, files: string[]): void;
  /** Once disposed, the view is sent nothing more. */
  readonly isDisposed: boolean;
}

/** A view's last `#name` query, and the files last sent for it. */
interface FileQuery {
  readonly query: string;
  sent?: readonly string[];
}

/** Each view's last `#name` query; a view is in it from its first query on, while it is followed. */
const fileQueries = new WeakMap<FileQueryView, FileQuery>();

/**
 * Answers a `#name` query. From a view's first query on, its last query is answered again whenever the workspace's
 * files change, if the answer changed: a file created while the `#` list is open shows up in it, with no key pressed
 * (the page takes an answer only for the query it asked last).
 */
export async function findFiles(view: FileQueryView, host: HostActions, query: string): Promise<IntentResult> {
  const asked: FileQuery = { query };
  const followed = fileQueries.has(view);
  fileQueries.set(view, asked);
  // A failed reading ends the following; the view's next query starts it again.
  if (!followed) followFiles(view, host).catch(() => fileQueries.delete(view));
  const files = await host.findFiles(query);
  asked.sent = files;
  view.filesFound(query, files);
  return OK;
}

/**
 * One loop per view, until it is disposed: after each change of the files, its last query's answer, sent if it
 * differs from the one sent. The wait is one promise all views share (`filesChanged`), so a view disposed or a query
 * replaced leaves nothing behind but that one promise until the next change.
 */
async function followFiles(view: FileQueryView, host: HostActions): Promise<void> {
  while (!view.isDisposed) {
    await host.filesChanged();
    const last = fileQueries.get(view);
    if (!last || view.isDisposed) return;
    const files = await host.findFiles(last.query);
    // Another query came meanwhile: its own answer is newer than this one.
    if (fileQueries.get(view) !== last || view.isDisposed || sameList(files, last.sent ?? [])) continue;
    last.sent = files;
    view.filesFound(last.query, files);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
