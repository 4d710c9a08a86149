import { describe, expect, test } from 'vitest';
import { type CollectedError, codeServerNoise, isNoise } from './noise';

const base = 'http://127.0.0.1:40000/stable-53c2f3253bcf32886706fc023e794bbeb253c90f';

/** Texts copied from real runs (with a probe extension that does nothing else) and near misses that must still fail. */
const cases: { name: string; error: CollectedError; noise: boolean }[] = [
  {
    name: 'vsda wasm 404',
    error: {
      source: 'console',
      text: `Failed to load resource: the server responded with a status of 404 (Not Found) (at ${base}/static/node_modules/vsda/rust/web/vsda_bg.wasm:0)`,
    },
    noise: true,
  },
  {
    name: 'a 404 for one of our own webview assets',
    error: {
      source: 'console',
      text: 'Failed to load resource: the server responded with a status of 404 (Not Found) (at https://x.vscode-cdn.net/ext/media/webview/assets/main.js:0)',
    },
    noise: false,
  },
  {
    name: 'gallery lookup in the page',
    error: { source: 'console', text: '%c  ERR color: #f33 Failed: getaddrinfo ENOTFOUND open-vsx.org' },
    noise: true,
  },
  {
    name: 'gallery lookup in the server log',
    error: {
      source: 'server-log',
      text: '2026-11-30 12:30:33.013 [error] #1: https://open-vsx.org/vscode/gallery/extensionquery - error POST getaddrinfo ENOTFOUND open-vsx.org',
    },
    noise: true,
  },
  {
    name: 'an unresolvable host that is not the gallery',
    error: { source: 'extension-log', text: 'getaddrinfo ENOTFOUND api.example.com' },
    noise: false,
  },
  {
    name: 'telemetry host from a built-in extension',
    error: { source: 'exthost-log', text: 'Error: getaddrinfo ENOTFOUND mobile.events.data.microsoft.com' },
    noise: true,
  },
  {
    name: 'the same telemetry text in the Roundtable log is not excused',
    error: { source: 'extension-log', text: 'getaddrinfo ENOTFOUND mobile.events.data.microsoft.com' },
    noise: false,
  },
  {
    name: 'github auth provider timeout',
    error: {
      source: 'console',
      text: "Error: Timed out waiting for authentication provider 'github' to register.",
    },
    noise: true,
  },
  {
    name: 'workbench shutdown participant on reload',
    error: {
      source: 'console',
      text: '%c  ERR color: #f33 [lifecycle] Long running operations during shutdown are unsupported in the web (id: join.chatSessionStore)',
    },
    noise: true,
  },
  {
    name: 'a shutdown participant the list does not know',
    error: {
      source: 'console',
      text: '%c  ERR color: #f33 [lifecycle] Long running operations during shutdown are unsupported in the web (id: roundtable.save)',
    },
    noise: false,
  },
  {
    name: 'read cancelled by a reload',
    error: {
      source: 'console',
      text: "%c  ERR color: #f33 oa: Unable to read file 'vscode-remote://127.0.0.1:1/w/.vscode/tasks.json' (Canceled: Canceled)",
    },
    noise: true,
  },
  {
    name: 'workbench IPC request cancelled on unload',
    error: {
      source: 'console',
      text: `%c  ERR color: #f33 Canceled: Canceled\n    at v (${base}/static/out/vs/code/browser/workbench/workbench.js:765:346)\n    at Object.dispose (${base}/static/out/vs/code/browser/workbench/workbench.js:9:612) (at ${base}/static/out/vs/code/browser/workbench/workbench.js:42)`,
    },
    noise: true,
  },
  {
    name: 'workbench cancelling requests while it stops the extension hosts',
    error: {
      source: 'console',
      text: `%c  ERR color: #f33 Canceled: Canceled\n    at Rw (${base}/static/out/vs/code/browser/workbench/workbench.js:8:1620)\n    at ${base}/static/out/vs/code/browser/workbench/workbench.js:5230:28657\n    at Array.forEach (<anonymous>)\n    at s.dispose (${base}/static/out/vs/code/browser/workbench/workbench.js:5230:28565)\n    at Afo.stopAllInReverse (${base}/static/out/vs/code/browser/workbench/workbench.js:5237:9612)\n    at async CRt._doStopExtensionHosts (${base}/static/out/vs/code/browser/workbench/workbench.js:5236:22901)\n    at async _remoteAgentService.getConnection.M.join.id (${base}/static/out/vs/code/browser/workbench/workbench.js:5236:13209) (at ${base}/static/out/vs/code/browser/workbench/workbench.js:38)`,
    },
    noise: true,
  },
  {
    name: 'workbench prompt-file scan cancelled on unload',
    error: {
      source: 'console',
      text: `%c  ERR color: #f33 Failed to resolve files at location: vscode-remote:/w/user-data/User/prompts Canceled: Canceled\n    at v (${base}/static/out/vs/code/browser/workbench/workbench.js:765:346)\n    at HRt.onBeforeUnload (${base}/static/out/vs/code/browser/workbench/workbench.js:5264:22824)\n    at ${base}/static/out/vs/code/browser/workbench/workbench.js:5264:22500 (at ${base}/static/out/vs/code/browser/workbench/workbench.js:38)`,
    },
    noise: true,
  },
  {
    name: 'a cancellation naming this extension is not excused',
    error: {
      source: 'console',
      text: `%c  ERR color: #f33 Failed to read roundtable.roundtable/threads Canceled: Canceled\n    at v (${base}/static/out/vs/code/browser/workbench/workbench.js:765:346)`,
    },
    noise: false,
  },
  {
    name: 'a cancellation with one frame outside the workbench is not excused',
    error: {
      source: 'console',
      text: `%c  ERR color: #f33 Canceled: Canceled\n    at Rw (${base}/static/out/vs/code/browser/workbench/workbench.js:8:1620)\n    at ext (${base}/static/extensions/roundtable/dist/extension.js:1:2)`,
    },
    noise: false,
  },
  {
    name: 'a cancellation raised from a webview is not excused',
    error: {
      source: 'console',
      text: '%c  ERR color: #f33 Canceled: Canceled\n    at send (https://x.vscode-cdn.net/media/webview/assets/main.js:1:2)',
    },
    noise: false,
  },
  {
    name: 'server SIGPIPE after a reload',
    error: {
      source: 'server-log',
      text: '2026-11-30 12:30:42.491 [error] Error: Unexpected SIGPIPE\n    at process.<anonymous> (file:///c/code-server/lib/vscode/out/server-main.js:239:1362)\n    at process.emit (node:events:526:24)',
    },
    noise: true,
  },
  {
    name: 'JSON language client closing with the extension host',
    error: {
      source: 'exthost-log',
      text: '2026-11-30 12:37:12.211 [error] Error: Channel has been closed\n\tat NT.info (/c/lib/vscode/extensions/json-language-features/client/dist/node/jsonClientMain.js:14:709)',
    },
    noise: true,
  },
  {
    name: 'JSON language client closing, with VS Code logger frames on top',
    error: {
      source: 'exthost-log',
      text: [
        '2026-11-30 12:48:38.229 [error] Error: Channel has been closed',
        '\tat r (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:171:3935)',
        '\tat Object.info (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:171:4305)',
        '\tat NT.info (/c/lib/vscode/extensions/json-language-features/client/dist/node/jsonClientMain.js:14:709)',
      ].join('\n'),
    },
    noise: true,
  },
  {
    name: 'a closed channel below VS Code frames in our own extension is not excused',
    error: {
      source: 'exthost-log',
      text: [
        '2026-11-30 12:48:38.229 [error] Error: Channel has been closed',
        '\tat r (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:171:3935)',
        '\tat x (/run/extensions/roundtable.roundtable-0.1.0/dist/extension.js:1:1)',
        '\tat y (/c/lib/vscode/extensions/json-language-features/client/dist/node/jsonClientMain.js:14:709)',
      ].join('\n'),
    },
    noise: false,
  },
  {
    name: 'a closed channel in our own extension is not excused',
    error: {
      source: 'exthost-log',
      text: '2026-11-30 12:37:12.211 [error] Error: Channel has been closed\n\tat x (/run/extensions/roundtable.roundtable-0.1.0/dist/extension.js:1:1)',
    },
    noise: false,
  },
  {
    name: 'the Markdown language server cut off by the extension host stopping',
    error: {
      source: 'exthost-log',
      text: [
        '2026-12-01 09:46:26.267 [error] Error: Starting server failed',
        '\tat yI.$start (/c/lib/vscode/extensions/markdown-language-features/dist/extension.js:37:11857)',
        '\tat async yI.sendRequest (/c/lib/vscode/extensions/markdown-language-features/dist/extension.js:35:112381)',
        '\tat async i.provideLinks (file:///c/lib/vscode/out/vs/workbench/api/node/extensionHostProcess.js:191:161228)',
        '(logged while the extension host was terminating)',
      ].join('\n'),
    },
    noise: true,
  },
  {
    name: 'the Markdown provider failing as the extension host stops',
    error: {
      source: 'exthost-log',
      text: '2026-12-01 09:46:26.267 [error] [vscode.markdown-language-features] provider FAILED\n(logged while the extension host was terminating)',
    },
    noise: true,
  },
  {
    name: 'the Markdown language server failing while the window is open is not excused',
    error: {
      source: 'exthost-log',
      text: '2026-12-01 09:46:26.267 [error] Error: Starting server failed\n\tat yI.$start (/c/lib/vscode/extensions/markdown-language-features/dist/extension.js:37:11857)',
    },
    noise: false,
  },
  {
    name: 'a failed start with our own frame in it is not excused, even at teardown',
    error: {
      source: 'exthost-log',
      text: [
        '2026-12-01 09:46:26.267 [error] Error: Starting server failed',
        '\tat yI.$start (/c/lib/vscode/extensions/markdown-language-features/dist/extension.js:37:11857)',
        '\tat x (/run/extensions/roundtable.roundtable-0.1.0/dist/extension.js:1:1)',
        '(logged while the extension host was terminating)',
      ].join('\n'),
    },
    noise: false,
  },
  {
    name: 'late write to the workbench log during a reload',
    error: {
      source: 'console',
      text: "%c  ERR color: #f33 oa: Unable to write file 'vscode-log:/20261130T124740/window.log' (Error: IndexedDB database 'vscode-web-db' is closed.)",
    },
    noise: true,
  },
  {
    name: 'browser socket reset in the server process',
    error: {
      source: 'server-log',
      text: '2026-11-30 12:35:46.344 [error] Error: read ECONNRESET\n    at TCP.onStreamRead (node:internal/stream_base_commons:221:20)',
    },
    noise: true,
  },
  {
    name: 'browser socket reset while the extension host terminates',
    error: {
      source: 'exthost-log',
      text: '2026-11-30 12:40:08.569 [error] Error: read ECONNRESET\n\tat TCP.onStreamRead (node:internal/stream_base_commons:221:20)\n(logged while the extension host was terminating)',
    },
    noise: true,
  },
  {
    name: 'a socket reset in the extension host while it is running is not excused',
    error: {
      source: 'exthost-log',
      text: '2026-11-30 12:40:08.569 [error] Error: read ECONNRESET\n\tat TCP.onStreamRead (node:internal/stream_base_commons:221:20)',
    },
    noise: false,
  },
  {
    name: 'workspace-storage lock taken over after quick reloads',
    error: {
      source: 'exthost-log',
      text: "2026-11-30 12:44:14.437 [error] Error: EEXIST: file already exists, open '/r/user-data/User/workspaceStorage/-58120acb/vscode.lock'",
    },
    noise: true,
  },
  {
    name: 'half-written lock file read by VS Code',
    error: {
      source: 'exthost-log',
      text: [
        '2026-11-30 12:44:14.518 [error] SyntaxError: Unexpected end of JSON input',
        '    at JSON.parse (<anonymous>)',
        '    at cH (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:315:7066)',
        '    at async D7 (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:315:6701)',
        '    at async c_._getWorkspaceStorageURI (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:315:5441)',
      ].join('\n'),
    },
    noise: true,
  },
  {
    name: 'the lock renewal timer reading vscode.lock while the extension host terminates',
    error: {
      source: 'exthost-log',
      text: [
        '2026-12-01 12:11:34.445 [error] SyntaxError: Unexpected end of JSON input',
        '\tat JSON.parse (<anonymous>)',
        '\tat cH (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:315:7066)',
        '\tat async file:///c/out/vs/workbench/api/node/extensionHostProcess.js:315:5955',
        '(logged while the extension host was terminating)',
      ].join('\n'),
    },
    noise: true,
  },
  {
    name: 'the same lock read failing while the extension host runs is not excused',
    error: {
      source: 'exthost-log',
      text: [
        '2026-12-01 12:11:34.445 [error] SyntaxError: Unexpected end of JSON input',
        '\tat JSON.parse (<anonymous>)',
        '\tat cH (file:///c/out/vs/workbench/api/node/extensionHostProcess.js:315:7066)',
        '\tat async file:///c/out/vs/workbench/api/node/extensionHostProcess.js:315:5955',
      ].join('\n'),
    },
    noise: false,
  },
  {
    name: 'a JSON parse error in our own code is not excused',
    error: {
      source: 'exthost-log',
      text: [
        '2026-11-30 12:44:14.518 [error] SyntaxError: Unexpected end of JSON input',
        '    at JSON.parse (<anonymous>)',
        '    at load (/r/extensions/roundtable.roundtable-0.1.0/dist/extension.js:1:2)',
      ].join('\n'),
    },
    noise: false,
  },
  {
    name: 'an extension-host error from our bundle',
    error: {
      source: 'exthost-log',
      text: '[error] PendingMigrationError: navigator is now a global in nodejs',
    },
    noise: false,
  },
];

describe('codeServerNoise', () => {
  test.each(cases)('$name → noise: $noise', ({ error, noise }) => {
    expect(isNoise(error, codeServerNoise)).toBe(noise);
  });

  test('every rule explains itself', () => {
    for (const rule of codeServerNoise) expect(rule.reason.length).toBeGreaterThan(20);
  });
});
