// One cold window start in a fresh Node process: requires the built `dist/extension.js` against the `vscode` stub,
// activates it over a given global storage folder, opens the chat view, sends the page's `view/ready` at once, and
// prints one JSON line of what it measured when the first `view/state` is posted.
//
//   node activateCold.cjs <dist folder> <global storage folder>
//   settings: ROUNDTABLE_STUB_SETTINGS (JSON of `roundtable.*` values), e.g. {"sidecar.mode":"external"}
'use strict';
const processStarted = performance.now();
const Module = require('node:module');
const path = require('node:path');

const [dist, storage] = process.argv.slice(2);
if (!dist || !storage) throw new Error('usage: activateCold.cjs <dist> <storage>');

const stubPath = path.join(__dirname, 'vscodeStub.cjs');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? stubPath : resolve.call(this, request, ...rest);
};

// Who calls `fetch` first, and when: loading Node's fetch costs tens of milliseconds on its first call.
let fetchCalledAt;
const realFetch = globalThis.fetch;
globalThis.fetch = (...args) => {
  fetchCalledAt ??= performance.now();
  return realFetch(...args);
};

const loaded = (name) => Object.keys(require.cache).some((file) => path.basename(file) === name);
const vscode = require('vscode');

const secrets = new Map();
const state = new Map();
const memento = {
  get: (key, fallback) => (state.has(key) ? state.get(key) : fallback),
  update: async (key, value) => void state.set(key, value),
  keys: () => [...state.keys()],
  setKeysForSync: () => {},
};
const context = {
  subscriptions: [],
  extensionUri: vscode.Uri.file(path.dirname(dist)),
  extensionPath: path.dirname(dist),
  globalStorageUri: vscode.Uri.file(storage),
  storageUri: undefined,
  logUri: vscode.Uri.file(path.join(storage, 'logs')),
  extensionMode: vscode.ExtensionMode.Production,
  globalState: memento,
  workspaceState: memento,
  secrets: {
    get: async (key) => secrets.get(key),
    store: async (key, value) => void secrets.set(key, value),
    delete: async (key) => void secrets.delete(key),
    onDidChange: () => ({ dispose() {} }),
  },
  extension: { packageJSON: { version: '0.0.0-bench' } },
};

const requireStarted = performance.now();
const extension = require(path.join(dist, 'extension.js'));
const activateStarted = performance.now();
extension.activate(context);
const activateReturned = performance.now();

let listener;
const report = (first) => {
  const out = {
    requireMs: activateStarted - requireStarted,
    activateMs: activateReturned - activateStarted,
    firstStateMs: first - activateStarted,
    processToFirstStateMs: first - processStarted,
    fetchBeforeFirstState: fetchCalledAt !== undefined && fetchCalledAt <= first,
    managedBeforeFirstState: loaded('managed.js'),
    turnsBeforeFirstState: loaded('turns.js'),
    upkeepBeforeFirstState: loaded('upkeep.js'),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
};
const webview = {
  options: {},
  html: '',
  cspSource: 'vscode-webview:',
  asWebviewUri: (uri) => uri,
  postMessage: async (message) => {
    if (message.type === 'view/state' && !webview.first) {
      webview.first = performance.now();
      report(webview.first);
      // ROUNDTABLE_COLD_SETTLE_MS lets background work finish first (e.g. an index rebuild, to measure the next start).
      const settle = Number(process.env.ROUNDTABLE_COLD_SETTLE_MS ?? 0);
      const exit = () => void Promise.resolve(extension.deactivate()).finally(() => process.exit(0));
      if (process.env.ROUNDTABLE_COLD_AWAIT_MANAGED) {
        // The deferred start-up work: prints when managed.js was loaded, after the first state.
        const poll = setInterval(() => {
          if (!loaded('managed.js')) return;
          clearInterval(poll);
          process.stdout.write(`${JSON.stringify({ managedLoadedAfterMs: performance.now() - webview.first })}\n`);
          exit();
        }, 5);
      } else {
        setTimeout(exit, settle);
      }
    }
    return true;
  },
  onDidReceiveMessage: (l) => {
    listener = l;
    return { dispose() {} };
  },
};
const view = {
  webview,
  visible: true,
  onDidChangeVisibility: () => ({ dispose() {} }),
  onDidDispose: () => ({ dispose() {} }),
  show() {},
};
const provider = vscode.__stub.registered.viewProviders.get('roundtable.chat');
provider.resolveWebviewView(
  view,
  {},
  { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) },
);
listener({ v: 2, type: 'view/ready', payload: {} });
setTimeout(() => {
  process.stderr.write('no view/state within 20 s\n');
  process.exit(2);
}, 20_000).unref();
