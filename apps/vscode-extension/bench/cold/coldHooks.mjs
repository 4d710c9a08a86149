// A module hook of the cold-start harness (`activateCold.mjs`, with ROUNDTABLE_COLD_LOG set): every module loaded
// from the build's folder is appended to a log file, synchronously, before it is evaluated, so the harness can read
// what had loaded by the moment it reports (hooks run on a thread of their own). Not on the timed path of the bench.
import { appendFileSync } from 'node:fs';

let logFile = '';
let dist = '';

export async function initialize(data) {
  ({ logFile, dist } = data);
}

export async function load(url, context, next) {
  if (url.startsWith(dist)) appendFileSync(logFile, `${url.slice(dist.length)}\n`);
  return next(url, context);
}
