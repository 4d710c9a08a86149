import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { errorMessage } from '@roundtable/core/base/errors';
import { withSyntheses } from '@roundtable/core/council/readSynthesis';
import { unreadSyntheses } from '@roundtable/core/council/synthesisStep';
import { describeImage } from '@roundtable/core/images/describeImage';
import { MAX_TITLE_CHARS, type Orchestrator } from '@roundtable/core/orchestrator/Orchestrator';
import type { Logger } from '@roundtable/core/ports';
import { exportMarkdown } from '@roundtable/core/threads/exportMarkdown';
import {
  type ImportedImage,
  MAX_IMPORT_BYTES,
  readThreadExport,
  threadExportJson,
} from '@roundtable/core/threads/importThread';
import { searchThreads, type ThreadMatch } from '@roundtable/core/threads/searchThreads';
import type { Transcript } from '@roundtable/core/transcript/schema';
import * as vscode from 'vscode';
import { readImage, storeImage, sweepImages } from '../images/imageAssets';
import { imageFileName, imageFolder } from '../images/imageFolder';
import type { ChatSession } from '../webview/ChatSession';
import { type ThreadAction, type ThreadButton, type ThreadPick, threadPicks } from './threadPicks';

export interface ThreadToolsDeps {
  orchestrator: Orchestrator;
  logger: Logger;
  /** Roundtable's storage folder: its `threads`, and its `assets` (the messages' images). */
  storageRoot: string;
}

/** How long the search waits for the user to stop typing before it reads threads. */
const SEARCH_DELAY_MS = 150;

const BUTTONS: ThreadButton[] = [
  { action: 'rename', iconPath: new vscode.ThemeIcon('edit'), tooltip: 'Rename' },
  { action: 'export', iconPath: new vscode.ThemeIcon('export'), tooltip: 'Export to Markdown or JSON' },
  { action: 'delete', iconPath: new vscode.ThemeIcon('trash'), tooltip: 'Delete' },
];

/**
 * Switch Thread: every thread, newest first; typing searches titles and what was said (read from disk as needed,
 * each thread once per picker). Enter opens the thread in this view; a row's buttons rename, export or delete it.
 */
export async function switchThread(session: ChatSession, deps: ThreadToolsDeps): Promise<void> {
  const { entries, shown } = await session.controller.threads();
  const picker = vscode.window.createQuickPick<ThreadPick>();
  picker.title = 'Roundtable: Switch Thread';
  picker.placeholder = 'Search thread titles and messages';
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  const show = (matches?: ReadonlyMap<string, ThreadMatch>) => {
    picker.items = threadPicks(entries, shown, Date.now(), { buttons: BUTTONS, ...(matches ? { matches } : {}) });
  };
  show();

  const read = cachedReader(deps.orchestrator);
  const readable = entries.filter((e) => !e.unreadable).map((e) => e.id);
  let query = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  picker.onDidChangeValue((value) => {
    query = value;
    clearTimeout(timer);
    if (value.trim() === '') {
      picker.busy = false;
      return show();
    }
    timer = setTimeout(async () => {
      picker.busy = true;
      const searched = value;
      const found = await searchThreads(readable, searched, read, () => query === searched);
      if (query !== searched) return;
      picker.busy = false;
      show(found);
    }, SEARCH_DELAY_MS);
  });

  const chosen = await new Promise<{ pick: ThreadPick; action?: ThreadAction } | undefined>((resolve) => {
    picker.onDidAccept(() => {
      const pick = picker.selectedItems[0];
      resolve(pick ? { pick } : undefined);
    });
    picker.onDidTriggerItemButton(({ item, button }) =>
      resolve({ pick: item, action: (button as ThreadButton).action }),
    );
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  });
  clearTimeout(timer);
  picker.dispose();
  if (!chosen) return;
  const { pick, action } = chosen;
  if (pick.unreadable) {
    void vscode.window.showWarningMessage(`“${pick.entry.title}” cannot be read: ${pick.unreadable}`);
    return;
  }
  switch (action) {
    case undefined: {
      const result = await session.controller.openThread(pick.entry.id);
      if (!result.ok) {
        deps.logger.info(`Opening thread ${pick.entry.id} failed: ${result.reason}`);
        void vscode.window.showWarningMessage(result.reason);
      }
      return;
    }
    case 'rename':
      return renameThread(session, deps, pick.entry.id);
    case 'export':
      return exportThread(session, deps, pick.entry.id);
    case 'delete':
      return deleteThread(session, deps, pick.entry.id);
  }
}

/** Rename: the thread's title, as the user gives it, in every window. */
export async function renameThread(session: ChatSession, deps: ThreadToolsDeps, threadId?: string): Promise<void> {
  const id = threadId ?? session.controller.threadId;
  const current = id ? deps.orchestrator.store.summary(id) : undefined;
  if (!id || !current) return warn('Send a message first: an empty thread is not kept, so it cannot be renamed.');
  const title = await vscode.window.showInputBox({
    title: 'Roundtable: Rename Thread',
    prompt: 'The title shown above the conversation and in the thread list, in every window.',
    value: current.title,
    validateInput: (value) => {
      if (value.trim() === '') return 'A thread needs a title.';
      return value.trim().length > MAX_TITLE_CHARS ? `A title has at most ${MAX_TITLE_CHARS} characters.` : undefined;
    },
  });
  if (title === undefined) return;
  const result = await deps.orchestrator.renameThread(id, title);
  if (!result.ok) warn(result.reason);
}

/** Delete, after the user confirms: the thread's file goes, in every window. */
export async function deleteThread(session: ChatSession, deps: ThreadToolsDeps, threadId?: string): Promise<void> {
  const id = threadId ?? session.controller.threadId;
  const summary = id ? deps.orchestrator.store.summary(id) : undefined;
  if (!id || !summary) return warn('This thread is empty: there is nothing to delete.');
  const messages = `${summary.messageCount} message${summary.messageCount === 1 ? '' : 's'}`;
  const answer = await vscode.window.showWarningMessage(
    `Delete “${summary.title}”?`,
    {
      modal: true,
      detail: `Its ${messages} are removed from this machine and from every Roundtable window. This cannot be undone: export it first to keep a copy.`,
    },
    'Delete',
  );
  if (answer !== 'Delete') return;
  const transcript = await deps.orchestrator.store.peek(id).catch(() => undefined);
  const sent = new Set(transcript?.messages.flatMap((m) => m.images ?? []).map((i) => i.sha256));
  await deps.orchestrator.deleteThread(id);
  deps.logger.info(`Thread ${id} deleted.`);
  const removed = await sweepImages(deps.storageRoot, join(deps.storageRoot, 'threads'), sent);
  if (removed > 0) deps.logger.info(`${removed} image${removed === 1 ? '' : 's'} no thread names any more removed.`);
}

/** Export to Markdown (to read and share) or JSON (to import again), to a file the user picks. */
export async function exportThread(session: ChatSession, deps: ThreadToolsDeps, threadId?: string): Promise<void> {
  const id = threadId ?? session.controller.threadId;
  const stored = id ? await deps.orchestrator.store.peek(id) : undefined;
  if (!stored || stored.messages.length === 0) return warn('This thread is empty: there is nothing to export.');
  // An older thread never shown since readings were stored: its syntheses read as showing it would (the council's
  // code loads only for such a thread).
  const transcript = unreadSyntheses(stored).length > 0 ? withSyntheses(stored) : stored;
  const format = await vscode.window.showQuickPick(
    [
      {
        label: 'Markdown',
        description: 'to read or share: who said what and when, context and code intact',
        ext: 'md',
      },
      { label: 'JSON', description: 'the whole thread, to import again (here or on another machine)', ext: 'json' },
    ],
    { title: `Roundtable: Export “${transcript.title}” as` },
  );
  if (!format) return;
  const uri = await vscode.window.showSaveDialog({
    title: `Export “${transcript.title}”`,
    saveLabel: 'Export',
    defaultUri: vscode.Uri.file(join(exportFolder(), `${fileNameOf(transcript.title)}.${format.ext}`)),
    filters: format.ext === 'md' ? { Markdown: ['md'] } : { JSON: ['json'] },
  });
  if (!uri) return;
  const { participants, settings } = deps.orchestrator.table;
  const images = imageFolder(deps.storageRoot);
  const text =
    format.ext === 'md'
      ? exportMarkdown(transcript, participants, settings.userName, (image) =>
          vscode.Uri.file(join(images, imageFileName(image))).toString(),
        )
      : threadExportJson(transcript, await imagesOf(transcript, images));
  try {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  } catch (error) {
    return warn(`Could not export to ${uri.fsPath}: ${errorMessage(error)}`);
  }
  deps.logger.info(`Thread ${transcript.id} exported to ${uri.fsPath}.`);
  const open = await vscode.window.showInformationMessage(`Exported “${transcript.title}” to ${uri.fsPath}.`, 'Open');
  if (open) await vscode.window.showTextDocument(uri);
}

/** Import from JSON: a file made by Export, checked whole before anything is stored, then shown in this view. */
export async function importThread(session: ChatSession, deps: ThreadToolsDeps): Promise<void> {
  const [uri] =
    (await vscode.window.showOpenDialog({
      title: 'Roundtable: Import Thread',
      openLabel: 'Import',
      canSelectMany: false,
      defaultUri: vscode.Uri.file(exportFolder()),
      filters: { 'Roundtable thread (JSON)': ['json'] },
    })) ?? [];
  if (!uri) return;
  const name = basename(uri.fsPath);
  let transcript: Transcript;
  try {
    const { size } = await vscode.workspace.fs.stat(uri);
    if (size > MAX_IMPORT_BYTES) {
      return warn(`Could not import ${name}: it is ${Math.round(size / 1048576)} MB, more than any thread.`);
    }
    const read = readThreadExport(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    if (!read.ok) return warn(`Could not import ${name}: ${read.reason}`);
    const stored = await storeImported(read.images, imageFolder(deps.storageRoot));
    if (stored) return warn(`Could not import ${name}: ${stored}`);
    transcript = read.transcript;
  } catch (error) {
    return warn(`Could not import ${name}: ${errorMessage(error)}`);
  }
  const id = await deps.orchestrator.store.adopt(transcript);
  deps.logger.info(`Imported ${uri.fsPath} as thread ${id}.`);
  const shown = await session.controller.openThread(id);
  if (!shown.ok) return warn(shown.reason);
  void vscode.window.showInformationMessage(
    `Imported “${transcript.title}”${id === transcript.id ? '' : ' as a copy (a thread with its id is already here)'}.`,
  );
}

/** The bytes of every image the thread names that is on disk, in base64 by SHA-256 (a lost one is left out). */
async function imagesOf(transcript: Transcript, folder: string): Promise<Record<string, string>> {
  const carried: Record<string, string> = {};
  for (const image of transcript.messages.flatMap((m) => m.images ?? [])) {
    const bytes = await readImage(folder, image);
    if (bytes) carried[image.sha256] = bytes.toString('base64');
  }
  return carried;
}

/** Stores an import's images; the reason it cannot, when one does not hash to the SHA-256 its message names. */
async function storeImported(images: readonly ImportedImage[], folder: string): Promise<string | undefined> {
  for (const { image, bytes } of images) {
    const stored = await storeImage(folder, bytes, image.name);
    if (!stored.ok) return stored.reason;
    if (stored.image.sha256 !== image.sha256) return `the bytes of ${describeImage(image)} are not the image named.`;
  }
  return undefined;
}

/** Reads each thread at most once per picker: the search runs on every pause in typing. */
function cachedReader(orchestrator: Orchestrator): (id: string) => Promise<Transcript | undefined> {
  const cache = new Map<string, Promise<Transcript | undefined>>();
  return (id) => {
    let read = cache.get(id);
    if (!read) {
      read = orchestrator.store.peek(id).catch(() => undefined);
      cache.set(id, read);
    }
    return read;
  };
}

/** Where export and import dialogs start: the first workspace folder, else the home folder. */
function exportFolder(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? homedir();
}

/** A file name from a title: what file systems refuse replaced, blanks collapsed, at most 80 characters. */
export function fileNameOf(title: string): string {
  const name = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed.
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return name || 'thread';
}

function warn(message: string): void {
  void vscode.window.showWarningMessage(message);
}
