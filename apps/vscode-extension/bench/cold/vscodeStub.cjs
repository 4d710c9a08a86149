// A stand-in for the `vscode` module, just enough for `activate()` and one chat view to run in a plain Node process
// (the cold-activation bench and the activation test). Anything activation touches that is missing here throws with
// its name, so a new dependency on the host shows up as a clear error instead of a silent `undefined`.
'use strict';
const path = require('node:path');

const posted = [];
const noop = () => {};
const disposable = () => ({ dispose: noop });
const event = () => disposable;

class EventEmitter {
  constructor() {
    this.listeners = new Set();
    this.event = (listener) => {
      this.listeners.add(listener);
      return { dispose: () => this.listeners.delete(listener) };
    };
  }
  fire(value) {
    for (const l of [...this.listeners]) l(value);
  }
  dispose() {
    this.listeners.clear();
  }
}

class Uri {
  constructor(fsPath) {
    this.fsPath = fsPath;
    this.path = fsPath;
    this.scheme = 'file';
  }
  static file(p) {
    return new Uri(p);
  }
  static joinPath(base, ...parts) {
    return new Uri(path.join(base.fsPath, ...parts));
  }
  static parse(text) {
    return new Uri(text);
  }
  toString() {
    return `file://${this.fsPath}`;
  }
}

/** Settings as `activate` reads them: `roundtable.<key>` from the environment variable ROUNDTABLE_STUB_SETTINGS (JSON). */
const settings = JSON.parse(process.env.ROUNDTABLE_STUB_SETTINGS ?? '{}');

function strict(name, object) {
  return new Proxy(object, {
    get(target, key) {
      // Module interop (`__esModule`, `default`) and thenable checks read names that are rightly absent.
      if (key in target || typeof key === 'symbol' || ['then', '__esModule', 'default'].includes(key))
        return target[key];
      throw new Error(`vscode stub: ${name}.${String(key)} is not stubbed`);
    },
  });
}

const logChannel = () =>
  strict('LogOutputChannel', {
    info: noop,
    warn: noop,
    error: noop,
    debug: noop,
    trace: noop,
    appendLine: noop,
    append: noop,
    show: noop,
    dispose: noop,
  });

const registered = { viewProviders: new Map(), commands: new Map() };

module.exports = strict('vscode', {
  version: '1.100.0-stub',
  EventEmitter,
  Uri,
  Disposable: Object.assign(
    class {
      constructor(fn) {
        this.dispose = fn;
      }
    },
    {
      from: (...items) => ({
        dispose: () => {
          for (const d of items) d.dispose();
        },
      }),
    },
  ),
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  StatusBarAlignment: { Left: 1, Right: 2 },
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  ProgressLocation: { Notification: 15 },
  ThemeColor: class {
    constructor(id) {
      this.id = id;
    }
  },
  ThemeIcon: class {
    constructor(id) {
      this.id = id;
    }
  },
  window: strict('window', {
    createOutputChannel: logChannel,
    createStatusBarItem: () => strict('StatusBarItem', { show: noop, hide: noop, dispose: noop }),
    registerWebviewViewProvider: (id, provider) => {
      registered.viewProviders.set(id, provider);
      return disposable();
    },
    showWarningMessage: async () => undefined,
    showInformationMessage: async () => undefined,
    showErrorMessage: async () => undefined,
    onDidChangeActiveTextEditor: event(),
    onDidChangeWindowState: event(),
    onDidChangeVisibleTextEditors: event(),
    activeTextEditor: undefined,
    visibleTextEditors: [],
    state: { focused: true },
  }),
  workspace: strict('workspace', {
    getConfiguration: () => ({
      get: (key, fallback) => (key in settings ? settings[key] : fallback),
      inspect: (key) => (key in settings ? { globalValue: settings[key] } : {}),
      has: (key) => key in settings,
      update: async () => {},
    }),
    onDidChangeConfiguration: event(),
    workspaceFolders: undefined,
    registerTextDocumentContentProvider: disposable,
  }),
  commands: strict('commands', {
    registerCommand: (id, fn) => {
      registered.commands.set(id, fn);
      return disposable();
    },
    executeCommand: async () => undefined,
  }),
  languages: strict('languages', { getLanguages: async () => [] }),
  env: strict('env', { openExternal: async () => true, clipboard: { writeText: async () => {} } }),
  /** Not part of VS Code: what the harness reads back. */
  __stub: { registered, posted },
});
