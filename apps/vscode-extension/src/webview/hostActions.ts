import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorMessage } from '@roundtable/core/base/errors';
import type { DisposableStore } from '@roundtable/core/base/lifecycle';
import type { IntentResult } from '@roundtable/core/orchestrator/result';
import type { Logger } from '@roundtable/core/ports';
import type { PromptDocument } from '@roundtable/core/prompt/describePrompt';
import type { HostActions } from '@roundtable/core/views/viewPorts';
import type { WorkspaceFileIndex } from '../adapters/WorkspaceFileIndex';
import { storeImageData } from '../images/imageAssets';
import { imageFolder } from '../images/imageFolder';
import { languageIdFor } from './codeLanguage';
import { checkExternalLink } from './links';

/** The VS Code calls the host actions need, as a port so they are testable without VS Code. */
export interface HostUi {
  showWarning(message: string): void;
  showInfo(message: string): void;
  /** Opens an already-checked http(s)/mailto URL outside VS Code. */
  openExternal(url: string): Promise<boolean>;
  /** Shows a file in the operating system's file manager. */
  revealFile(path: string): Promise<void>;
  /** Replaces the selections of the text editor the user last used with `code`; false when no editor is open. */
  insertAtCursor(code: string): Promise<boolean>;
  /** Opens `code` in a new untitled editor, in `languageId` (plain text when undefined). */
  openUntitled(code: string, languageId: string | undefined): Promise<void>;
  /** The language ids VS Code knows now. */
  languages(): Promise<readonly string[]>;
  /** Shows a document in a read-only editor. */
  showDocument(document: PromptDocument): Promise<void>;
  /** Shows two documents side by side, their differences marked. */
  compareDocuments(left: PromptDocument, right: PromptDocument): Promise<void>;
  /** A choice among `labels`: the index picked, or undefined when the user dismissed it. */
  pick(title: string, labels: readonly string[]): Promise<number | undefined>;
  /** Opens the Settings editor on `query` (a setting's id). */
  openSettings(query: string): Promise<void>;
}

/** What fixes a seat that cannot answer, other than signing in (see `HostActions.fixSeat`). */
export interface SeatFixes {
  /** The page on installing and updating the CLI a seat runs on (undefined for a seat on no CLI). */
  cliPage(participantId: string): string | undefined;
  /** The setting that seats a participant: `roundtable.providers` for one on a provider, else `roundtable.participants`. */
  setting(participantId: string): string;
  /** Managed mode: enables the login the proxy holds disabled for the seat. */
  enable?(participantId: string): Promise<IntentResult>;
}

/**
 * What a view asks of the host. A link from model output is opened only after its scheme is checked; a file is
 * revealed only if it is one of the thread folder's own names (the webview never sends a path); code goes into an
 * editor only when the user clicked for it, never to disk.
 */
export function createHostActions(deps: {
  ui: HostUi;
  logger: Logger;
  locate: (key: string) => string | undefined;
  sidecarActions: () => Promise<void>;
  /** Managed mode only: what a seat needs (sign in, clear a pause); refused in words otherwise. */
  seats?: { signIn(participantId: string): Promise<IntentResult>; reset(participantId: string): Promise<IntentResult> };
  fixes: SeatFixes;
  /** A seat on a CLI provider signs in through that CLI (undefined for any other seat). */
  cliSignIn?: (participantId: string) => Promise<IntentResult> | undefined;
  /** Roundtable's storage folder: images are stored in its `assets` folder. */
  storageRoot: string;
  /** Owns what lives until the extension goes: the `#` list's file index and its watcher. */
  owner: DisposableStore;
}): HostActions {
  // The workspace's files, listed at the first `#` typed in any view and kept for every view after.
  let files: Promise<WorkspaceFileIndex> | undefined;
  const fileIndex = () =>
    (files ??= import('../adapters/workspaceFiles').then((m) => m.workspaceFileIndex(deps.owner)));
  // The one wait every view's query shares until the files next change.
  let nextChange: Promise<void> | undefined;
  const noSeats: IntentResult = {
    ok: false,
    reason: 'Seats are managed only when Roundtable runs CLIProxyAPI itself.',
  };
  return {
    signInSeat: (participantId) =>
      deps.cliSignIn?.(participantId) ?? deps.seats?.signIn(participantId) ?? Promise.resolve(noSeats),
    resetSeat: (participantId) => deps.seats?.reset(participantId) ?? Promise.resolve(noSeats),
    async fixSeat(participantId, fix): Promise<IntentResult> {
      if (fix === 'enable') return deps.fixes.enable?.(participantId) ?? noSeats;
      if (fix === 'settings') {
        await deps.ui.openSettings(deps.fixes.setting(participantId));
        return { ok: true };
      }
      const page = deps.fixes.cliPage(participantId);
      if (!page) return { ok: false, reason: 'That seat does not run on a CLI Roundtable can install.' };
      if (!(await deps.ui.openExternal(page))) return { ok: false, reason: 'The page could not be opened.' };
      return {
        ok: true,
        notice: `${fix === 'install' ? 'Install' : 'Update'} it as the page says; Roundtable looks for it again when this window is next focused.`,
      };
    },
    async sidecarActions(): Promise<IntentResult> {
      await deps.sidecarActions();
      return { ok: true };
    },
    async openLink(url): Promise<IntentResult> {
      const link = checkExternalLink(url);
      if (!link.ok) {
        deps.logger.warn(`Refused to open a link from the chat: ${link.reason}.`);
        return { ok: false, reason: `Roundtable did not open that link: ${link.reason}.` };
      }
      const opened = await deps.ui.openExternal(link.url);
      return opened ? { ok: true } : { ok: false, reason: 'The link could not be opened.' };
    },
    async insertCode(code): Promise<IntentResult> {
      if (await deps.ui.insertAtCursor(code)) return { ok: true };
      return {
        ok: false,
        reason: 'Open a file in an editor first: Insert at Cursor puts the code where its cursor is.',
      };
    },
    async showPrompt(shown, others): Promise<IntentResult> {
      if (others.length === 0) {
        await deps.ui.showDocument(shown);
        return { ok: true };
      }
      const labels = [`Show ${shown.title}`, ...others.map((o) => `Compare with ${o.title}`)];
      const choice = await deps.ui.pick(`What ${shown.speaker} was sent`, labels);
      const other = choice === undefined || choice === 0 ? undefined : others[choice - 1];
      if (choice === 0) await deps.ui.showDocument(shown);
      else if (other) await deps.ui.compareDocuments(shown, other);
      return { ok: true };
    },
    // VS Code's editors, workspace edits and files, reached only when the user acts (the rest here is testable
    // without them).
    // A change block's buttons load the diff library and the editor's diff and edit code on their first click.
    reviewChange: async (change) => (await import('../adapters/proposedChanges')).reviewProposedChange(change),
    applyChange: async (change) => (await import('../adapters/proposedChanges')).applyProposedChange(change),
    compareChange: async (...args) => (await import('../adapters/compareProposals')).compareProposedChanges(...args),
    async storeImage(data, name) {
      try {
        return await storeImageData(imageFolder(deps.storageRoot), data, name);
      } catch (error) {
        deps.logger.warn(`Storing an image failed: ${errorMessage(error)}`);
        return { ok: false, reason: `Roundtable could not store the image: ${errorMessage(error)}` };
      }
    },
    findFiles: async (query) => (await fileIndex()).find(query),
    filesChanged() {
      nextChange ??= fileIndex().then(
        (index) =>
          new Promise<void>((resolve) => {
            const listening = index.onDidChange(() => {
              listening.dispose();
              nextChange = undefined;
              resolve();
            });
          }),
      );
      return nextChange;
    },
    readFile: async (path) => (await import('../adapters/workspaceFiles')).readWorkspaceFile(path),
    async openCodeInNewFile(code, language): Promise<IntentResult> {
      await deps.ui.openUntitled(code, languageIdFor(language, await deps.ui.languages()));
      return { ok: true };
    },
    async reveal(key): Promise<IntentResult> {
      const path = deps.locate(key);
      if (!path) return { ok: false, reason: 'That is not a thread file.' };
      // A thread whose first save failed has no file yet: show the folder it goes in.
      for (const candidate of [path, dirname(path)]) {
        if (await exists(candidate)) {
          await deps.ui.revealFile(candidate);
          return { ok: true };
        }
      }
      return { ok: false, reason: `Neither the thread's file nor its folder exists yet (${dirname(path)}).` };
    },
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
