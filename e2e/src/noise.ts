/** Where an error was seen. */
export type ErrorSource = 'console' | 'pageerror' | 'exthost-log' | 'extension-log' | 'server-log';

export interface CollectedError {
  readonly source: ErrorSource;
  /** What rules match. Console messages carry their resource URL ("(at <url>:<line>)"), since it tells who spoke. */
  readonly text: string;
  /** For a reader only: the log file an entry came from. */
  readonly where?: string;
}

/** An error known to be unrelated to the extension under test, and why it is safe to ignore. */
export interface NoiseRule {
  readonly sources: readonly ErrorSource[];
  readonly pattern: RegExp;
  readonly reason: string;
}

const workbenchCode = String.raw`https?:\/\/127\.0\.0\.1:\d+\/[^\s)]*\/static\/out\/vs\/[^\s)]+`;

/**
 * The end of a console error whose every stack frame is the workbench's own code (static/out/vs/ on the
 * code-server origin, or a built-in like Array.forEach), then the console's "(at <url>)": a frame from a webview
 * (vscode-cdn), an extension or anywhere else keeps the error.
 */
const workbenchFramesOnly = String.raw`(?:\n\s+at (?:async )?(?:[^\n(]*\()?(?:<anonymous>|${workbenchCode})\)?(?: \(at ${workbenchCode}\))?)*$`;

/**
 * code-server 4.139.1's own errors on a machine without general internet. Each was seen in runs with a probe
 * extension that does nothing but echo (seen in this suite's first runs), so none can come
 * from Roundtable. Keep every rule narrow: a host name or a file name, never a bare "ENOTFOUND" or "404".
 */
export const codeServerNoise: readonly NoiseRule[] = [
  {
    sources: ['console'],
    pattern: /Failed to load resource: .*404.*\/static\/node_modules\/vsda\/rust\/web\/vsda(_bg\.wasm|\.js)/,
    reason: 'vsda is a closed-source Microsoft module that code-server does not ship; the workbench probes for it.',
  },
  {
    sources: ['console', 'server-log', 'exthost-log'],
    pattern: /open-vsx\.org/,
    reason: 'The extension gallery (open-vsx.org) is unreachable here; the workbench queries it for recommendations.',
  },
  {
    sources: ['console', 'exthost-log'],
    pattern: /Timed out waiting for authentication provider 'github' to register/,
    reason: 'Built-in GitHub features wait for an auth provider that never registers without network access.',
  },
  {
    sources: ['console', 'exthost-log', 'server-log'],
    pattern: /ENOTFOUND mobile\.events\.data\.microsoft\.com/,
    reason: 'A built-in extension sends telemetry even with --disable-telemetry; the host does not resolve here.',
  },
  {
    sources: ['console'],
    pattern:
      /\[lifecycle\] Long running operations during shutdown are unsupported in the web \(id: (join\.disconnectRemote|workbench\.contrib\.editorChatUsage|join\.chatSessionStore|join\.chatEditingSession)\)/,
    reason:
      'Logged by the workbench on every window reload; the ids are its own shutdown participants, not extensions.',
  },
  {
    sources: ['console'],
    pattern: /Unable to (read|write) file '[^']+' \(Canceled: Canceled\)/,
    reason: 'A reload cancels the workbench file reads and writes in flight (.vscode/*.json, user-data caches).',
  },
  {
    sources: ['server-log'],
    pattern: /\[error\] Error: Unexpected SIGPIPE\n\s+at process\.<anonymous> \(file:\/\/\/[^)]*\/server-main\.js:/,
    reason:
      'The server writes to a browser connection that a window reload just closed; logged once per server. Seen ' +
      'with a do-nothing probe extension too. Extensions run in the extension host, a separate process.',
  },
  {
    sources: ['exthost-log'],
    pattern:
      /\[error\] Error: Channel has been closed\n(?:\s+at [^\n]*\/out\/vs\/workbench\/api\/node\/extensionHostProcess\.js:[^\n]*\n)*\s+at [^\n]*\/extensions\/json-language-features\//,
    reason:
      'The built-in JSON language client logs to its already-closed output channel while the extension host shuts ' +
      "down: below VS Code's own logger frames, the first frame is inside json-language-features.",
  },
  {
    sources: ['console'],
    pattern: new RegExp(
      String.raw`^%c\s+ERR color: #f33 (?:(?!roundtable\.roundtable|vscode-cdn|vscode-resource)[^\n])*Canceled: Canceled\)?${workbenchFramesOnly}`,
    ),
    reason:
      'When the page unloads (reload, or leaving before the browser closes) the workbench disposes its IPC client ' +
      'to the server and stops the extension hosts, which cancels requests still in flight (ChannelClient.dispose, ' +
      '_doStopExtensionHosts, its prompt-file scan). Only matched when the message does not name this extension or ' +
      'a webview resource and every frame is inside the workbench itself.',
  },
  {
    sources: ['exthost-log'],
    pattern:
      /\[error\] (?:\[vscode\.markdown-language-features\] provider FAILED|Error: Starting server failed\n\s+at [^\n]*\/extensions\/markdown-language-features\/dist\/extension\.js:\d+:\d+\)(?:\n\s+at [^\n]*(?:\/extensions\/markdown-language-features\/|\/out\/vs\/workbench\/api\/node\/extensionHostProcess\.js)[^\n]*)*)\n\(logged while the extension host was terminating\)$/,
    reason:
      "The built-in Markdown extension starts its language server when a Markdown editor opens (Roundtable's prompt " +
      'documents are Markdown); a window that closes meanwhile stops the extension host first, and the half-started ' +
      'server reports it. Excused only during teardown, and only with every frame inside markdown-language-features ' +
      'or VS Code itself.',
  },
  {
    sources: ['console'],
    pattern: /Unable to write file 'vscode-log:[^']*' \(Error: IndexedDB database 'vscode-web-db' is closed\.\)/,
    reason:
      "The workbench's own log files (vscode-log:, kept in the browser's IndexedDB) get a late write after a " +
      'reload closed the database.',
  },
  {
    sources: ['console'],
    pattern: new RegExp(
      String.raw`^%c\s+ERR color: #f33 InvalidStateError: Failed to execute 'abort' on 'IDBTransaction': The transaction has finished\.${workbenchFramesOnly}`,
    ),
    reason:
      'When the page unloads (the browser closing at the end of a file, or a reload) the workbench closes its ' +
      'IndexedDB storage and aborts each transaction it still holds; one that finished meanwhile throws. Only with ' +
      'every frame inside the workbench itself.',
  },
  {
    sources: ['server-log'],
    pattern:
      /\[error\] Error: read ECONNRESET\n\s+at TCP\.onStreamRead \(node:internal\/stream_base_commons:\d+:\d+\)$/,
    reason:
      'The browser dropped its connection (reload or close) without a clean WebSocket close. Logged by the server ' +
      'process, where no extension code runs. Seen with a do-nothing probe extension too.',
  },
  {
    sources: ['exthost-log'],
    pattern:
      /\[error\] Error: read ECONNRESET\n\s+at TCP\.onStreamRead \(node:internal\/stream_base_commons:\d+:\d+\)\n\(logged while the extension host was terminating\)$/,
    reason:
      'The server hands the browser\'s socket to the extension host; after the window said "terminate", the browser ' +
      'resets that socket as the page goes away. Excused only during teardown, and only without any other frame.',
  },
  {
    sources: ['exthost-log'],
    pattern:
      /\[error\] Error: EEXIST: file already exists, open '[^']*\/User\/workspaceStorage\/[^'/]+\/vscode\.lock'$/,
    reason:
      "After quick reloads the new extension host finds the previous one's workspace-storage lock (released only " +
      '6 s later), logs this, and takes the lock over as stale. Seen with a do-nothing probe extension too.',
  },
  {
    sources: ['exthost-log'],
    pattern:
      /\[error\] SyntaxError: Unexpected end of JSON input\n\s+at JSON\.parse \(<anonymous>\)\n\s+at \w+ \([^)\n]*\/extensionHostProcess\.js:\d+:\d+\)\n\s+at async \w+ \([^)\n]*\/extensionHostProcess\.js:\d+:\d+\)\n\s+at async \w+\._getWorkspaceStorageURI /,
    reason: 'The same lock race: VS Code reads the half-written vscode.lock of the previous extension host.',
  },
  {
    sources: ['exthost-log'],
    pattern:
      /\[error\] SyntaxError: Unexpected end of JSON input\n\s+at JSON\.parse \(<anonymous>\)\n\s+at \w+ \([^)\n]*\/extensionHostProcess\.js:\d+:\d+\)\n\s+at async file:\/\/\/[^\n]*\/extensionHostProcess\.js:\d+:\d+\n\(logged while the extension host was terminating\)$/,
    reason:
      'Its own lock race at shutdown: the 1 s renewal timer of vscode.lock reads the file while the terminating ' +
      'extension host rewrites it (then logs "The lock was lost unexpectedly"). Only during teardown, VS Code frames only.',
  },
];

export function isNoise(error: CollectedError, rules: readonly NoiseRule[]): boolean {
  return rules.some((rule) => rule.sources.includes(error.source) && rule.pattern.test(error.text));
}
