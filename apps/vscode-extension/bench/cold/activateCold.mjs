// One cold window start in a fresh Node process: imports the built `dist/extension.js` (an ES module) against the
// `vscode` stub, activates it over a given global storage folder, opens the chat view, sends the page's `view/ready`
// at once, and prints one JSON line of what it measured: when the first `view/state` was posted (the first chat state,
// which may be the shown thread's shell), with the build's files loaded by then (relative to `dist/`), and when the
// thread's full state followed (the first transcript).
//
//   node activateCold.mjs <dist folder> <global storage folder>
//   settings: ROUNDTABLE_STUB_SETTINGS (JSON of `roundtable.*` values), e.g. {"sidecar.mode":"external"}
const processStarted = performance.now();

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const [dist, storage] = process.argv.slice(2);
if (!dist || !storage) throw new Error('usage: activateCold.mjs <dist> <storage>');

const here = import.meta.dirname;
const stubPath = path.join(here, 'vscodeStub.cjs');
// The build is run from a copy beside a `node_modules/vscode` of the stub's, so `import 'vscode'` resolves as Node
// resolves any package: no module hooks on the timed path (they would run every import through another thread).
const work = mkdtempSync(path.join(tmpdir(), 'roundtable-cold-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const copy = path.join(work, 'dist');
cpSync(dist, copy, { recursive: true, filter: (file) => !file.endsWith('.json') && !file.endsWith('.map') });
const stubNames = Object.keys(require(stubPath)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
mkdirSync(path.join(work, 'node_modules/vscode'), { recursive: true });
writeFileSync(
  path.join(work, 'node_modules/vscode/package.json'),
  '{"name":"vscode","type":"module","main":"index.js"}',
);
writeFileSync(
  path.join(work, 'node_modules/vscode/index.js'),
  [
    "import { createRequire } from 'node:module';",
    `const stub = createRequire(import.meta.url)(${JSON.stringify(stubPath)});`,
    'export default stub;',
    `export const { ${stubNames.join(', ')} } = stub;`,
  ].join('\n'),
);
// With ROUNDTABLE_COLD_LOG set, a module hook lists every file of the build as it loads (see `coldHooks.mjs`).
const logFile = path.join(work, 'loaded.txt');
if (process.env.ROUNDTABLE_COLD_LOG) {
  register('./coldHooks.mjs', import.meta.url, { data: { logFile, dist: `${pathToFileURL(copy).href}/` } });
}
/** The build's files loaded so far, relative to `dist/` (`chunks/…`, `extension.js`). */
const loadedFiles = () => {
  try {
    return readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};
const loaded = (feature) => loadedFiles().some((file) => path.basename(file).startsWith(`${feature}-`));

// Who calls `fetch` first, and when: loading Node's fetch costs tens of milliseconds on its first call.
let fetchCalledAt;
const realFetch = globalThis.fetch;
globalThis.fetch = (...args) => {
  fetchCalledAt ??= performance.now();
  return realFetch(...args);
};

const vscode = require(stubPath);

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
  extensionUri: vscode.Uri.file(work),
  extensionPath: work,
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
const extension = await import(pathToFileURL(path.join(copy, 'extension.js')).href);
const activateStarted = performance.now();
extension.activate(context);
const activateReturned = performance.now();

let listener;
const report = (first, loadedBeforeFirstState, transcript) => {
  const out = {
    requireMs: activateStarted - requireStarted,
    activateMs: activateReturned - activateStarted,
    firstStateMs: first - activateStarted,
    firstTranscriptMs: transcript - activateStarted,
    processToFirstStateMs: first - processStarted,
    fetchBeforeFirstState: fetchCalledAt !== undefined && fetchCalledAt <= first,
    loadedBeforeFirstState,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
};
const webview = {
  options: {},
  html: '',
  cspSource: 'vscode-webview:',
  asWebviewUri: (uri) => uri,
  postMessage: async (message) => {
    if (message.type !== 'view/state') return true;
    if (!webview.first) {
      webview.first = performance.now();
      webview.loadedAtFirst = loadedFiles();
    }
    // The shell of a thread still being read: its full state (the transcript) follows.
    if (!message.payload.thread.opening && !webview.transcript) {
      webview.transcript = performance.now();
      report(webview.first, webview.loadedAtFirst, webview.transcript);
      // ROUNDTABLE_COLD_SETTLE_MS lets background work finish first (e.g. an index rebuild, to measure the next start).
      const settle = Number(process.env.ROUNDTABLE_COLD_SETTLE_MS ?? 0);
      const exit = () => void Promise.resolve(extension.deactivate()).finally(() => process.exit(0));
      if (process.env.ROUNDTABLE_COLD_AWAIT_MANAGED) {
        // The deferred start-up work: prints when the managed proxy's code was loaded, after the first state.
        const poll = setInterval(() => {
          if (!loaded('managedHost')) return;
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
