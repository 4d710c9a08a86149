import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The preload that records connections; plain CommonJS, loaded with `node --require` (see its header). */
export const egressRecorderPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'egressRecorder.cjs');

/** The variable naming the file the recorder appends to; without it the recorder records nothing. */
export const EGRESS_LOG_ENV = 'ROUNDTABLE_E2E_EGRESS_LOG';

/** One line of the recorder's log: who (process), what (kind, via) and where (host and port, or a socket path). */
export interface EgressRecord {
  readonly pid: number;
  readonly ppid: number;
  /** VS Code's `--type=` of the process (`extensionHost`, `fileWatcher`, …); null for code-server's own two. */
  readonly type: string | null;
  readonly script: string | null;
  readonly codeServerChild: boolean;
  readonly time: number;
  readonly kind: 'tcp' | 'udp' | 'ipc' | 'dns' | 'load' | 'spawn';
  /** The patched function that saw it, e.g. `net.Socket.connect` or `dns.promises.lookup`. */
  readonly via: string;
  readonly host?: string;
  readonly port?: number;
  /** A Unix socket (`ipc`) or the executable started (`spawn`). */
  readonly path?: string;
  /** `spawn`: the first arguments, each cut at 200 characters. */
  readonly args?: readonly string[];
  /** The synchronous caller frames, innermost first. */
  readonly stack: readonly string[];
}

export function readEgressLog(file: string): EgressRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EgressRecord);
}

/** `localhost`, 127.0.0.0/8, ::1, and 127/8 mapped into IPv6. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) {
    // ::ffff:127.x.y.z in its dotted form, the one Node reports; the hex form counts as off loopback (stricter).
    const mapped = /^(?:::|(?:0{1,4}:){5})ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
    return bare === '::1' || bare === '0:0:0:0:0:0:0:1' || (mapped?.startsWith('127.') ?? false);
  }
  return false;
}

/** What the judged process may reach: loopback only, and on TCP and UDP only these ports. */
export interface EgressPolicy {
  readonly ports: readonly number[];
}

/** The records that break the policy: a name or address off loopback, or a loopback port nobody configured. */
export function egressOffenders(records: readonly EgressRecord[], policy: EgressPolicy): EgressRecord[] {
  return records.filter((record) => offends(record, policy));
}

function offends(record: EgressRecord, policy: EgressPolicy): boolean {
  switch (record.kind) {
    case 'load':
    case 'spawn':
    case 'ipc':
      // A Unix socket on this machine (VS Code's own IPC) is not egress; nor is starting a program (judged apart).
      return false;
    case 'dns':
      // A lookup of an address literal asks no server (the connection to it is judged on its own).
      return isIP(record.host ?? '') === 0 && !isLoopbackHost(record.host ?? '');
    case 'tcp':
    case 'udp':
      return !isLoopbackHost(record.host ?? '') || !policy.ports.includes(record.port ?? -1);
  }
}

/** Where a record went: `host:port`, a looked-up name, a socket path, or the program started. */
export function destinationOf(record: EgressRecord): string {
  switch (record.kind) {
    case 'tcp':
    case 'udp':
      return `${record.host}:${record.port}`;
    case 'dns':
      return record.host ?? '';
    case 'ipc':
      return record.path ?? '';
    case 'spawn':
      return [record.path, ...(record.args ?? [])].join(' ');
    case 'load':
      return record.script ?? '';
  }
}

/** E.g. `tcp 127.0.0.1:4000 (extensionHost 1234, via net.Socket.connect)`. */
export function describeRecord(record: EgressRecord): string {
  return `${record.kind} ${destinationOf(record)} (${processName(record)} ${record.pid}, via ${record.via})`;
}

/** The processes by what they are: VS Code's `--type`, else code-server's wrapper or its server. */
export function processName(record: EgressRecord): string {
  return record.type ?? (record.codeServerChild ? 'code-server' : 'code-server-wrapper');
}

/**
 * Every distinct destination, per process, with how often it was seen (sockets are pooled, so a count is of
 * connections, not requests) and, where `labels` names its port, whose it is: for the report and the artifacts.
 */
export function summarizeEgress(
  records: readonly EgressRecord[],
  labels: ReadonlyMap<number, string> = new Map(),
): string {
  const counts = new Map<string, number>();
  for (const record of records) {
    const label = record.kind === 'tcp' || record.kind === 'udp' ? labels.get(record.port ?? -1) : undefined;
    const key = `${processName(record)}\t${record.kind} ${destinationOf(record)}${label ? ` (${label})` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}\t×${count}`)
    .join('\n');
}

/** An offender with the frames that asked for it, so a failure says which code reached out. */
export function formatOffenders(offenders: readonly EgressRecord[]): string {
  return offenders
    .map((record) => [describeRecord(record), ...record.stack.slice(0, 15).map((frame) => `    ${frame}`)].join('\n'))
    .join('\n');
}

/**
 * The programs started from code whose frames include `codeDir` (an extension's install folder). A spawn is a
 * synchronous call, so its frames name the extension that asked, unlike a pooled fetch connection, whose frames
 * end in VS Code's proxy agent.
 */
export function spawnsFrom(records: readonly EgressRecord[], codeDir: string): EgressRecord[] {
  return records.filter((record) => record.kind === 'spawn' && record.stack.some((frame) => frame.includes(codeDir)));
}

/**
 * The program each spawn runs on Roundtable's behalf. The managed proxy starts under Roundtable's watchdog (Node
 * running the extension's own `dist/proxyWatchdog.js`, with the program it supervises as its first argument), which
 * the recorder cannot see into; for such a spawn the program is that argument. Any other spawn runs its own file.
 */
export function programsStarted(spawns: readonly EgressRecord[], codeDir: string): (string | undefined)[] {
  const isWatchdog = (file: string | undefined) =>
    (file?.startsWith(codeDir) ?? false) && /[\\/]dist[\\/]proxyWatchdog\.js$/.test(file ?? '');
  return spawns.map((record) => (isWatchdog(record.args?.[0]) ? record.args?.[1] : record.path));
}
