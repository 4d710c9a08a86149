import * as vscode from 'vscode';
import type { ChatSession } from './ChatSession';
import { createNonce, renderWebviewHtml } from './renderWebviewHtml';

/** The built webview (copied from apps/webview/dist at build time); the only folder a webview may load from. */
export function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'media', 'webview');
}

/**
 * Puts the chat UI into a webview (sidebar view or editor panel: same code, two mounts) and connects it to the
 * session of that view.
 */
export function mountChat(webview: vscode.Webview, extensionUri: vscode.Uri, session: ChatSession): void {
  const root = webviewRoot(extensionUri);
  webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [root] };
  session.attach(webview);
  webview.html = renderWebviewHtml({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'assets', 'main.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'assets', 'main.css')).toString(),
    nonce: createNonce(),
    title: 'Roundtable',
  });
}
