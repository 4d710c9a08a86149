import type { PromptDocument } from '@roundtable/core/prompt/describePrompt';
import * as vscode from 'vscode';

const SCHEME = 'roundtable-prompt';
/** How many opened prompts stay readable (an editor re-reads its document when it is shown again). */
const KEPT = 50;

/**
 * Prompts shown as read-only editors: documents of Roundtable's own URI scheme whose text only this provider gives,
 * so VS Code offers no way to edit or save them. Named `<title>.md`, they read as Markdown.
 */
export class PromptDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private counter = 0;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? 'This prompt is no longer kept: show it again from its reply.';
  }

  async show(document: PromptDocument): Promise<void> {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(this.uriFor(document)), {
      preview: true,
    });
  }

  async compare(left: PromptDocument, right: PromptDocument): Promise<void> {
    await vscode.commands.executeCommand(
      'vscode.diff',
      this.uriFor(left),
      this.uriFor(right),
      `${left.title} ↔ ${right.title}`,
    );
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }

  private uriFor(document: PromptDocument): vscode.Uri {
    const key = String(++this.counter);
    this.texts.set(key, document.text);
    for (const oldest of this.texts.keys()) {
      if (this.texts.size <= KEPT) break;
      this.texts.delete(oldest);
    }
    return vscode.Uri.from({ scheme: SCHEME, path: `/${document.title.replace(/[\\/]/g, '-')}.md`, query: key });
  }
}
