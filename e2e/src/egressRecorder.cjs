'use strict';
// A Node preload (`node --require <this file>`) that records every outgoing connection and name lookup of the
// process it is loaded into, one JSON line each, into the file named by ROUNDTABLE_E2E_EGRESS_LOG (nothing is
// recorded without it). It only observes: every patched function calls the original with the same arguments.
//
// Plain CommonJS with no dependencies, because it runs inside code-server's Node 24 processes, not under vitest.
// code-server hands its own execArgv to every Node process it forks, so one `--require` on the server reaches the
// extension host; NODE_OPTIONS would not (VS Code deletes it from the extension host's environment).
//
// What reaches the network, and where it is caught:
// - TCP, TLS, http(s), http2 and fetch (undici) all end in net.Socket.prototype.connect: `tcp`, or `ipc` for a
//   Unix socket path;
// - UDP: dgram.Socket.prototype.send and connect: `udp`;
// - names: dns.lookup, dns.lookupService, dns.reverse and dns.resolve* (callback, promises and Resolver forms):
//   `dns`. net's own lookup of a host name goes through dns.lookup, so a name connected to shows up twice.
// Two more kinds say what the recorder cannot see into: `load`, once per process it was loaded into (so a process
// with no other record is known to have been watched), and `spawn`, every child process started: a child that is
// not Node has no recorder. ChildProcess#spawn is under spawn, exec, execFile and fork; the three sync forms are
// patched on the module, which is how callers reach them.

const logFile = process.env.ROUNDTABLE_E2E_EGRESS_LOG;
if (logFile) install(logFile);

function install(file) {
  const fs = require('node:fs');
  const path = require('node:path');
  const net = require('node:net');
  const dgram = require('node:dgram');
  const dns = require('node:dns');
  const childProcess = require('node:child_process');
  const { syncBuiltinESMExports } = require('node:module');

  const typeArg = process.argv.find((arg) => arg.startsWith('--type='));
  const proc = {
    pid: process.pid,
    ppid: process.ppid,
    // VS Code's forked processes say what they are (`--type=extensionHost`, `fileWatcher`, …); code-server's own
    // two processes do not, and the inner one (the server) has CODE_SERVER_PARENT_PID.
    type: typeArg ? typeArg.slice('--type='.length) : null,
    script: process.argv[1] ? path.basename(process.argv[1]) : null,
    codeServerChild: Boolean(process.env.CODE_SERVER_PARENT_PID),
  };

  function record(event) {
    const entry = { ...proc, time: Date.now(), ...event, stack: callerStack() };
    fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
  }

  /** Replaces `target[name]` with a function that records `describe(args, this)`, then calls the original. */
  function watch(target, name, describe) {
    if (typeof target[name] === 'function') target[name] = watched(target[name], describe);
  }

  function watched(original, describe) {
    const replacement = function watched(...args) {
      try {
        record(describe(args, this));
      } catch {
        // The recorder must never break the process it watches; a lost line shows up as a missing record.
      }
      return original.apply(this, args);
    };
    // Symbol-keyed extras change how util.promisify treats a function (dns.lookup resolves to {address, family}
    // through one): keep them, watching the ones that are functions too.
    for (const key of Object.getOwnPropertySymbols(original)) {
      const extra = original[key];
      replacement[key] = typeof extra === 'function' ? watched(extra, describe) : extra;
    }
    return replacement;
  }

  record({ kind: 'load', via: 'preload' });

  watch(net.Socket.prototype, 'connect', describeConnect);

  for (const method of ['send', 'connect']) {
    watch(dgram.Socket.prototype, method, (args, socket) => ({
      kind: 'udp',
      via: `dgram.${method}`,
      ...describeUdp(method, args, socket),
    }));
  }

  watch(childProcess.ChildProcess.prototype, 'spawn', ([options]) => ({
    kind: 'spawn',
    via: 'ChildProcess.spawn',
    path: String(options?.file),
    args: Array.isArray(options?.args) ? redact(options.args.slice(1, 9).map(String)) : [],
  }));
  for (const name of ['spawnSync', 'execFileSync', 'execSync']) {
    watch(childProcess, name, ([command, args]) => ({
      kind: 'spawn',
      via: `child_process.${name}`,
      path: String(command),
      args: Array.isArray(args) ? redact(args.slice(0, 8).map(String)) : [],
    }));
  }

  const isDnsQuery = (name) =>
    name === 'lookup' || name === 'lookupService' || name === 'reverse' || name.startsWith('resolve');
  for (const [target, label] of [
    [dns, 'dns'],
    [dns.promises, 'dns.promises'],
    [dns.Resolver.prototype, 'dns.Resolver'],
    [dns.promises.Resolver.prototype, 'dns.promises.Resolver'],
  ]) {
    for (const name of Object.getOwnPropertyNames(target).filter(isDnsQuery)) {
      watch(target, name, ([host]) => ({ kind: 'dns', via: `${label}.${name}`, host: String(host) }));
    }
  }

  // ES modules that import `lookup` or `execFileSync` from the module by name get the patched ones too.
  syncBuiltinESMExports();

  // The frames that led here, minus this file's: enough to tell which extension asked when the call is synchronous
  // or awaited all the way (a spawn); a pooled fetch connection's frames end in the connection pool.
  function callerStack() {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    return stack
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter((line) => !line.includes(__filename));
  }
}

/** The log is an artifact: a value after a flag named like a secret (`-password x`, `--token=x`) is not kept. */
function redact(args) {
  const secret = /^--?[\w-]*(password|token|secret|key)[\w-]*$/i;
  return args.map((arg, i) => {
    const [flag, value] = arg.split(/=(.*)/s);
    if (value !== undefined && secret.test(flag)) return `${flag}=<redacted>`;
    if (i > 0 && secret.test(args[i - 1])) return '<redacted>';
    return arg.slice(0, 200);
  });
}

/**
 * Socket#connect takes (options[, cb]), (port[, host][, cb]), (path[, cb]), or the array net.connect() has already
 * normalized; Node's default host is `localhost`.
 */
function describeConnect(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  let options;
  if (first !== null && typeof first === 'object') options = first;
  else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first)))
    options = { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  else options = { path: first };
  // http passes `path: null` for TCP; only a string is a Unix socket.
  if (typeof options.path === 'string') return { kind: 'ipc', via: 'net.Socket.connect', path: options.path };
  return { kind: 'tcp', via: 'net.Socket.connect', host: options.host ?? 'localhost', port: Number(options.port) };
}

/** send(msg[, offset, length][, port][, address][, cb]) or connect(port[, address][, cb]); a connected socket omits both. */
function describeUdp(method, args, socket) {
  const rest = (method === 'send' ? args.slice(1) : args).filter((arg) => typeof arg !== 'function');
  const firstOther = rest.findIndex((arg) => typeof arg !== 'number');
  const leadingNumbers = firstOther === -1 ? rest.length : firstOther;
  const portIndex = method === 'send' && leadingNumbers >= 3 ? 2 : 0;
  if (typeof rest[portIndex] === 'number') {
    const address = rest[portIndex + 1];
    return { host: typeof address === 'string' ? address : 'localhost', port: rest[portIndex] };
  }
  try {
    const remote = socket.remoteAddress();
    return { host: remote.address, port: remote.port };
  } catch {
    return { host: 'unknown', port: 0 };
  }
}
