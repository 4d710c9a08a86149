import type { Event } from '../base/event';
import type { Orchestrator } from '../orchestrator/Orchestrator';
import type { IntentResult } from '../orchestrator/result';
import type { ParticipantConfig } from '../participants/participant';
import type { Clock, Logger } from '../ports';
import type { PromptDocument } from '../prompt/describePrompt';
import type { TermsNoticeForm } from '../protocol/hostToWebview';
import type { SeatFix, SeatMap, SidecarStatus } from '../protocol/proxyStatus';
import type { ProposedChange } from '../protocol/webviewToHost';
import type { ContextBlock, ImageRef, Transcript } from '../transcript/schema';

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
  /** Does what fixes a seat that cannot answer (other than signing in, which is `signInSeat`). */
  fixSeat(participantId: string, fix: Exclude<SeatFix, 'signIn'>): Promise<IntentResult>;
  /** Puts a code block into the editor the user last used, at its cursors (replacing what is selected). */
  insertCode(code: string): Promise<IntentResult>;
  /** Opens a code block in a new untitled editor; `language` is the fence's tag (`ts`, `python`, or empty). */
  openCodeInNewFile(code: string, language: string): Promise<IntentResult>;
  /** Opens VS Code's diff editor for each file a change block changes: as it is now, and as the block would leave it. */
  reviewChange(change: ProposedChange): Promise<IntentResult>;
  /** Writes a change block into the workspace (a diff's hunks, or a named file's whole content), all or nothing. */
  applyChange(change: ProposedChange): Promise<IntentResult>;
  /**
   * Compare proposals: the files a block of the reply `messageId` changes, as it would leave them, beside the same
   * files as another seat's reply in `transcript` (its thread) would, asking which when several do.
   */
  compareChange(
    change: ProposedChange & { messageId: string },
    transcript: Transcript | undefined,
    participants: readonly ParticipantConfig[],
  ): Promise<IntentResult>;
  /**
   * Stores an image once, by its SHA-256, beside the threads: what the composer then holds is the reference. Asked
   * only for an image the view has counted, sized and typed (`checkImageData`) and holds a place for; the host
   * checks the decoded bytes again before it writes. A refused image, or one whose write fails, leaves no file.
   */
  storeImage(data: string, name?: string): Promise<{ ok: true; image: ImageRef } | { ok: false; reason: string }>;
  /** Shows a reply's prompt in a read-only editor, offering to compare it with the other replies' of its turn. */
  showPrompt(shown: PromptDocument, others: readonly PromptDocument[]): Promise<IntentResult>;
  /** The workspace's files that match a `#name` query, best first (`rankFiles`), at most `MAX_FOUND_FILES`. */
  findFiles(query: string): Promise<string[]>;
  /**
   * Settles when `findFiles` next answers from another set of files (one created or deleted). A promise, not an
   * event, like every action here: the host's actions are made when first needed. All callers share one wait.
   */
  filesChanged(): Promise<void>;
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
  /** What the seats' spending is measured against (today, the last 5 hours); the system's clock when absent. */
  clock?: Clock;
  /**
   * The file open in the editor, when the user asked for it to go along with every message
   * (`roundtable.context.autoIncludeActiveFile`); undefined otherwise, or when no file is open.
   */
  activeFile?: () => ContextBlock | undefined | Promise<ContextBlock | undefined>;
  /**
   * How the Terms-of-Service notice shows, and how it folds to its line for good: the user dismisses it, or sends a
   * message (having read it above the conversation).
   */
  terms?: StatusSource<TermsNoticeForm> & { dismiss(): Promise<void> };
}
