import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

// The part of VS Code's API that reviewing and applying a proposed change uses, over real files in a folder: text
// documents with versions (typing in one raises it), workspace edits applied in order as VS Code applies them (file
// operations on disk, text edits to the documents, which are left unsaved), the diff editor and shown editors
// recorded. Used as `vi.mock('vscode', () => import('…/fakeVscodeWorkspace'))`.

export class Uri {
  constructor(
    readonly scheme: string,
    readonly path: string,
    readonly query = '',
  ) {}
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}:${this.path}${this.query ? `?${this.query}` : ''}`;
  }
  static file(path: string): Uri {
    return new Uri('file', path);
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(base.scheme, join(base.path, ...parts));
  }
  static from(parts: { scheme: string; path: string; query?: string }): Uri {
    return new Uri(parts.scheme, parts.path, parts.query);
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(startLine: number, startCharacter: number, endLine: number, endCharacter: number) {
    this.start = new Position(startLine, startCharacter);
    this.end = new Position(endLine, endCharacter);
  }
}

export class TextDocument {
  version = 1;
  isDirty = false;
  constructor(
    public uri: Uri,
    private text: string,
  ) {}
  getText(): string {
    return this.text;
  }
  get lineCount(): number {
    return this.text.split('\n').length;
  }
  /** The range clamped to the text: a line past the last is the end of the last. */
  validateRange(range: Range): Range {
    const lines = this.text.split('\n');
    const last = lines.length - 1;
    const clamp = (p: Position) =>
      p.line > last
        ? new Position(last, lines[last]?.length ?? 0)
        : new Position(p.line, Math.min(p.character, lines[p.line]?.length ?? 0));
    const [start, end] = [clamp(range.start), clamp(range.end)];
    return new Range(start.line, start.character, end.line, end.character);
  }
  offsetAt(p: Position): number {
    const lines = this.text.split('\n');
    return lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  }
  /** The user types `text` at the end: the document changes, and its version goes up. */
  type(text: string): void {
    this.edit(this.text.length, this.text.length, text);
  }
  edit(from: number, to: number, text: string): void {
    this.text = this.text.slice(0, from) + text + this.text.slice(to);
    this.version += 1;
    this.isDirty = true;
  }
}

type Op =
  | { kind: 'create'; uri: Uri; ignoreIfExists: boolean }
  | { kind: 'delete'; uri: Uri }
  | { kind: 'rename'; from: Uri; to: Uri; overwrite: boolean }
  | { kind: 'replace'; uri: Uri; range: Range; text: string };

export class WorkspaceEdit {
  readonly ops: Op[] = [];
  createFile(uri: Uri, options: { ignoreIfExists?: boolean } = {}): void {
    this.ops.push({ kind: 'create', uri, ignoreIfExists: options.ignoreIfExists ?? false });
  }
  deleteFile(uri: Uri): void {
    this.ops.push({ kind: 'delete', uri });
  }
  renameFile(from: Uri, to: Uri, options: { overwrite?: boolean } = {}): void {
    this.ops.push({ kind: 'rename', from, to, overwrite: options.overwrite ?? false });
  }
  insert(uri: Uri, at: Position, text: string): void {
    this.ops.push({ kind: 'replace', uri, range: new Range(at.line, at.character, at.line, at.character), text });
  }
  replace(uri: Uri, range: Range, text: string): void {
    this.ops.push({ kind: 'replace', uri, range, text });
  }
}

/** What the tests control and read: the folder, the open documents, and what was asked of VS Code. */
export const fake = {
  folders: [] as { name: string; uri: Uri }[],
  documents: new Map<string, TextDocument>(),
  /**
   * Runs at each `await` the code makes on the workspace (a document opened, a file looked up), before it is done,
   * with the file it is about: "meanwhile".
   */
  meanwhile: undefined as ((uri: Uri) => void) | undefined,
  edits: [] as Op[][],
  diffs: [] as { left: string; right: string; title: string }[],
  shown: [] as string[],
  reset(folder: string): void {
    this.folders.splice(0, this.folders.length, { name: 'work', uri: Uri.file(folder) });
    this.documents.clear();
    this.meanwhile = undefined;
    this.edits.length = 0;
    this.diffs.length = 0;
    this.shown.length = 0;
  },
};

let provider: { provideTextDocumentContent(uri: Uri): string } | undefined;

async function pause(uri: Uri): Promise<void> {
  await Promise.resolve();
  fake.meanwhile?.(uri);
}

export const workspace = {
  get workspaceFolders() {
    return fake.folders;
  },
  get textDocuments() {
    return [...fake.documents.values()];
  },
  async openTextDocument(uri: Uri): Promise<TextDocument> {
    await pause(uri);
    const open = fake.documents.get(uri.toString());
    if (open) return open;
    const document = new TextDocument(uri, await readFile(uri.fsPath, 'utf8'));
    fake.documents.set(uri.toString(), document);
    return document;
  },
  fs: {
    async stat(uri: Uri) {
      await pause(uri);
      return stat(uri.fsPath);
    },
  },
  registerTextDocumentContentProvider(_scheme: string, given: typeof provider) {
    provider = given;
    return { dispose() {} };
  },
  async applyEdit(edit: WorkspaceEdit): Promise<boolean> {
    fake.edits.push(edit.ops);
    for (const op of edit.ops) if (!(await applyOp(op))) return false;
    return true;
  },
};

async function applyOp(op: Op): Promise<boolean> {
  if (op.kind === 'create') {
    if (existsSync(op.uri.fsPath)) return op.ignoreIfExists;
    await mkdir(dirname(op.uri.fsPath), { recursive: true });
    await writeFile(op.uri.fsPath, '');
    fake.documents.set(op.uri.toString(), new TextDocument(op.uri, ''));
  } else if (op.kind === 'delete') {
    await rm(op.uri.fsPath);
    fake.documents.delete(op.uri.toString());
  } else if (op.kind === 'rename') {
    if (existsSync(op.to.fsPath) && !op.overwrite) return false;
    await mkdir(dirname(op.to.fsPath), { recursive: true });
    await rename(op.from.fsPath, op.to.fsPath);
    // The document moves with its file, unsaved text and all.
    const document = fake.documents.get(op.from.toString());
    fake.documents.delete(op.from.toString());
    if (document) {
      document.uri = op.to;
      fake.documents.set(op.to.toString(), document);
    }
  } else {
    const document = await workspace.openTextDocument(op.uri);
    document.edit(document.offsetAt(op.range.start), document.offsetAt(op.range.end), op.text);
  }
  return true;
}

export const window = {
  async showTextDocument(uri: Uri) {
    fake.shown.push(uri.toString());
  },
  async showQuickPick<T>(items: T[]): Promise<T | undefined> {
    return items[0];
  },
};

export const commands = {
  async executeCommand(command: string, left: Uri, right: Uri, title: string) {
    if (command !== 'vscode.diff') throw new Error(`unexpected command ${command}`);
    const text = (uri: Uri) => (uri.scheme === 'file' ? uri.fsPath : provider?.provideTextDocumentContent(uri));
    fake.diffs.push({ left: text(left) ?? '', right: text(right) ?? '', title });
  },
};
