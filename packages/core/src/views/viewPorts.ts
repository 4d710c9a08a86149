import type { Event } from '../base/event';
import type { Orchestrator } from '../orchestrator/Orchestrator';
import type { IntentResult } from '../orchestrator/result';
import type { Logger } from '../ports';
import type { PromptDocument } from '../prompt/describePrompt';
import type { SeatMap, SidecarStatus } from '../protocol/proxyStatus';
import type { ContextBlock } from '../transcript/schema';

/** A value that changes over time, with its current value. */
export interface StatusSource<T> {
  readonly current: T;
  readonly onDidChange: Event<T>;
}

/** What only the host can do for a view: open a checked link, show a file in the OS file manager, edit code. */
export interface HostActions {
  openLink(url: string): Promise<IntentResult>;
  /** `key` is a thread id or an unreadable file's list id. */
  reveal(key: string): Promise<IntentResult>;
  /** Offers the proxy's actions (a menu of the host's). */
  sidecarActions(): Promise<IntentResult>;
  /** Signs in to the login a participant's seat needs. */
  signInSeat(participantId: string): Promise<IntentResult>;
  /** Clears the pause of the login a cooling seat waits for. */
  resetSeat(participantId: string): Promise<IntentResult>;
  /** Puts a code block into the editor the user last used, at its cursors (replacing what is selected). */
  insertCode(code: string): Promise<IntentResult>;
  /** Opens a code block in a new untitled editor; `language` is the fence's tag (`ts`, `python`, or empty). */
  openCodeInNewFile(code: string, language: string): Promise<IntentResult>;
  /** Opens VS Code's diff editor for each file a reply's diff changes: as it is now, and as the diff would leave it. */
  reviewChange(diff: string): Promise<IntentResult>;
  /** Writes a reply's diff into the workspace, all hunks of all files or nothing, as one undo step. */
  applyChange(diff: string): Promise<IntentResult>;
  /** Shows a reply's prompt in a read-only editor, offering to compare it with the other replies' of its turn. */
  showPrompt(shown: PromptDocument, others: readonly PromptDocument[]): Promise<IntentResult>;
  /** The workspace's files that match a `#name` query, best first (`rankFiles`), at most `MAX_FOUND_FILES`. */
  findFiles(query: string): Promise<string[]>;
  /**
   * A workspace file read as a context block, as "Add File to Chat…" reads it; refused, with why, for a path that
   * is not relative, leaves the workspace, names no file, or a binary file.
   */
  readFile(path: string): Promise<{ ok: true; block: ContextBlock } | { ok: false; reason: string }>;
}

export interface ChatViewDeps {
  orchestrator: Orchestrator;
  sidecar: StatusSource<SidecarStatus>;
  /** The participants' seats, when the proxy can tell (managed mode). */
  seats?: StatusSource<SeatMap>;
  host: HostActions;
  logger: Logger;
  /**
   * The file open in the editor, when the user asked for it to go along with every message
   * (`roundtable.context.autoIncludeActiveFile`); undefined otherwise, or when no file is open.
   */
  activeFile?: () => ContextBlock | undefined;
  /** Whether the first-run Terms-of-Service notice is still to be shown, and how it is dismissed for good. */
  terms?: StatusSource<boolean> & { dismiss(): Promise<void> };
}
