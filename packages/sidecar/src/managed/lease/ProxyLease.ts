import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { withFileLock } from '../../fs/fileLock';
import { processIsAlive } from '../../fs/processAlive';

/** Who runs the shared proxy, and where. Holds no secret: the password lives in the editor's secret storage. */
export interface LeaseRecord {
  /** A random id of the window (extension host) that runs the proxy. */
  owner: string;
  ownerPid: number;
  host: string;
  /** Null while the owner's proxy is starting. */
  port: number | null;
  proxyPid: number | null;
  /** Milliseconds since the epoch; the owner renews well before. */
  expiresAt: number;
}

export type Claim = { kind: 'owner'; previous: LeaseRecord | undefined } | { kind: 'attached'; record: LeaseRecord };

export interface ProxyLeaseOptions {
  /** The lease file, in the editor's global storage (shared by all its windows). */
  path: string;
  owner: string;
  ttlMs?: number;
  now?: () => number;
  pid?: number;
  /** Whether a process of this host is alive; a dead owner's lease is void at once, not at its expiry. */
  isAlive?: (pid: number) => boolean;
}

export const DEFAULT_LEASE_TTL_MS = 15_000;

/**
 * The cross-window lease that makes exactly one window run the proxy: every window `claim`s; the first gets
 * `owner`, the others `attached` with the owner's record. The owner renews; a lease that expired, or whose owner
 * process is gone (same host), is void and goes to the next claimer, which is told the `previous` record so it can
 * stop that proxy first (two proxies must never share one auth-dir). Every read-modify-write runs under an
 * inter-process file lock.
 */
export class ProxyLease {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly pid: number;
  private readonly isAlive: (pid: number) => boolean;

  constructor(private readonly options: ProxyLeaseOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.pid = options.pid ?? process.pid;
    this.isAlive = options.isAlive ?? processIsAlive;
  }

  get owner(): string {
    return this.options.owner;
  }

  /** The lease as it is on disk, valid or not. */
  async read(): Promise<LeaseRecord | undefined> {
    try {
      const value = JSON.parse(await readFile(this.options.path, 'utf8')) as unknown;
      return isLeaseRecord(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether `record` still binds the other windows. */
  isValid(record: LeaseRecord | undefined): record is LeaseRecord {
    if (!record || record.expiresAt <= this.now()) return false;
    return record.host !== hostname() || this.isAlive(record.ownerPid);
  }

  async claim(): Promise<Claim> {
    return this.locked(async () => {
      const record = await this.read();
      if (this.isValid(record) && record.owner !== this.owner) return { kind: 'attached', record };
      const previous = record && record.owner !== this.owner ? record : undefined;
      await this.write({ port: null, proxyPid: null });
      return { kind: 'owner', previous };
    });
  }

  /** Renews the lease with where the proxy is; false when it is no longer ours (then stop the proxy). */
  async renew(where?: { port: number | null; proxyPid: number | null }): Promise<boolean> {
    return this.locked(async () => {
      const record = await this.read();
      if (record?.owner !== this.owner) return false;
      await this.write(where ?? { port: record.port, proxyPid: record.proxyPid });
      return true;
    });
  }

  /** Gives the lease up, if it is ours, so another window can take over at once. */
  async release(): Promise<void> {
    await this.locked(async () => {
      if ((await this.read())?.owner === this.owner) await rm(this.options.path, { force: true });
    });
  }

  private async write(where: { port: number | null; proxyPid: number | null }): Promise<void> {
    const record: LeaseRecord = {
      owner: this.owner,
      ownerPid: this.pid,
      host: hostname(),
      ...where,
      expiresAt: this.now() + this.ttlMs,
    };
    const temp = `${this.options.path}.${this.owner}.tmp`;
    await writeFile(temp, JSON.stringify(record), { mode: 0o600 });
    await rename(temp, this.options.path);
  }

  private locked<T>(fn: () => Promise<T>): Promise<T> {
    return withFileLock(`${this.options.path}.lock`, fn, { staleMs: 10_000 });
  }
}

function isLeaseRecord(value: unknown): value is LeaseRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const nullableInt = (v: unknown) => v === null || (typeof v === 'number' && Number.isInteger(v));
  return (
    typeof r.owner === 'string' &&
    typeof r.ownerPid === 'number' &&
    typeof r.host === 'string' &&
    nullableInt(r.port) &&
    nullableInt(r.proxyPid) &&
    typeof r.expiresAt === 'number'
  );
}
