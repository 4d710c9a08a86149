// Which errors in the server and extension-host logs (closed channels, language servers, sockets, locks) are noise.
import { describe, expect, test } from 'vitest';
import { codeServerNoise, isNoise } from './noise';
import type { NoiseCase } from './noiseCases';

/** Texts copied from real runs (with a probe extension that does nothing else) and near misses that must still fail. */
const cases: NoiseCase[] = [
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
