import type { Logger, Orchestrator } from '@roundtable/core';
import * as vscode from 'vscode';
import { ChatSession } from './ChatSession';
import type { HostUi } from './hostUi';
import { createNonce, renderWebviewHtml } from './renderWebviewHtml';

export interface ChatMountContext {
  extensionUri: vscode.Uri;
  orchestrator: Orchestrator;
  initialized: Promise<unknown>;
  ui: HostUi;
  logger: Logger;
}

/** The built webview (copied from apps/webview/dist at build time); the only folder a webview may load from. */
export function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'media', 'webview');
}

/**
 * Puts the chat UI into a webview (sidebar view or editor panel: same code, two mounts) and returns the session
 * that connects it to the orchestrator.
 */
export function mountChat(webview: vscode.Webview, context: ChatMountContext): ChatSession {
  const root = webviewRoot(context.extensionUri);
  webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [root] };
  const session = new ChatSession(webview, context.orchestrator, context.initialized, context.ui, context.logger);
  webview.html = renderWebviewHtml({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'assets', 'main.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'assets', 'main.css')).toString(),
    nonce: createNonce(),
    title: 'Roundtable',
  });
  return session;
}
