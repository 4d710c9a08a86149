import * as vscode from 'vscode';
import { IMAGE_FOLDER } from '../images/imageFolder';
import type { ChatSession } from './ChatSession';
import { createNonce, renderWebviewHtml, type WebviewPlacement } from './renderWebviewHtml';

/** The built webview (copied from apps/webview/dist at build time); the only folder a webview may load from. */
export function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'media', 'webview');
}

/** Where the chat UI's files and the messages' images are. */
export type ChatRoots = Pick<vscode.ExtensionContext, 'extensionUri' | 'globalStorageUri'>;

/**
 * Puts the chat UI into a webview (sidebar view or editor panel: same code, two mounts) and connects it to the
 * session of that view. The page may load from two folders only: its own build, and the messages' images.
 */
export function mountChat(
  webview: vscode.Webview,
  roots: ChatRoots,
  session: ChatSession,
  placement: WebviewPlacement,
): void {
  const root = webviewRoot(roots.extensionUri);
  const images = vscode.Uri.joinPath(roots.globalStorageUri, IMAGE_FOLDER);
  webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [root, images] };
  session.attach(webview);
  webview.html = renderWebviewHtml({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'assets', 'main.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'assets', 'main.css')).toString(),
    nonce: createNonce(),
    title: 'Roundtable',
    imagesUri: webview.asWebviewUri(images).toString(),
    placement,
  });
}
