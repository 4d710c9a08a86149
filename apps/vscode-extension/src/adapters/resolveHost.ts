import { lookup } from 'node:dns/promises';
import type { HostResolver } from '@roundtable/sidecar/loopback';

/** Every address the system resolver gives for `hostname`, as the sidecar's loopback check needs them. */
export const resolveHost: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
