// Which errors of a reload or a shutdown (cancelled reads and requests, shutdown participants) are noise.
import { describe, expect, test } from 'vitest';
import { codeServerNoise, isNoise } from './noise';
import { base, type NoiseCase } from './noiseCases';

/** Texts copied from real runs (with a probe extension that does nothing else) and near misses that must still fail. */
const cases: NoiseCase[] = [
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
    name: 'late write to the workbench log during a reload',
    error: {
      source: 'console',
      text: "%c  ERR color: #f33 oa: Unable to write file 'vscode-log:/20261130T124740/window.log' (Error: IndexedDB database 'vscode-web-db' is closed.)",
    },
    noise: true,
  },
  {
    name: 'an IndexedDB transaction aborted after it finished, as the page unloads',
    error: {
      source: 'console',
      text: `%c  ERR color: #f33 InvalidStateError: Failed to execute 'abort' on 'IDBTransaction': The transaction has finished.\n    at ${base}/static/out/vs/code/browser/workbench/workbench.js:5228:1969\n    at Array.forEach (<anonymous>)\n    at s.close (${base}/static/out/vs/code/browser/workbench/workbench.js:5228:1956)\n    at WIi.dispose (${base}/static/out/vs/code/browser/workbench/workbench.js:28:1319)\n    at HRt.onBeforeUnload (${base}/static/out/vs/code/browser/workbench/workbench.js:5264:22824)\n    at ${base}/static/out/vs/code/browser/workbench/workbench.js:5264:22500 (at ${base}/static/out/vs/code/browser/workbench/workbench.js:38)`,
    },
    noise: true,
  },
  {
    name: 'the same abort from an extension or a webview is not excused',
    error: {
      source: 'console',
      text: `%c  ERR color: #f33 InvalidStateError: Failed to execute 'abort' on 'IDBTransaction': The transaction has finished.\n    at close (https://x.vscode-cdn.net/media/webview/assets/main.js:1:2)\n    at s.close (${base}/static/out/vs/code/browser/workbench/workbench.js:5228:1956)`,
    },
    noise: false,
  },
];

describe('codeServerNoise', () => {
  test.each(cases)('$name → noise: $noise', ({ error, noise }) => {
    expect(isNoise(error, codeServerNoise)).toBe(noise);
  });
});
