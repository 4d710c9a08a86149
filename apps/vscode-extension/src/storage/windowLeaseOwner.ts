import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { LeaseOwner } from '@roundtable/core/transcript/turnLease';
import { processOnHostIsAlive } from '@roundtable/sidecar/fs/processAlive';

/**
 * This window as its turns' leases name it: a token new with each extension host (a reloaded window is another
 * owner, so its predecessor's leases are judged like any other's), its process id and machine, so that a lease left
 * by a host that died on this machine is found stale at once, not only after it has been silent for a while.
 */
export function windowLeaseOwner(): LeaseOwner {
  return {
    owner: randomBytes(12).toString('hex'),
    pid: process.pid,
    host: hostname().slice(0, 255),
    alive: processOnHostIsAlive,
  };
}
