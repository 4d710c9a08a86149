import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Proof that a program reached nothing but what it was meant to: it runs under `strace -f -e trace=connect`, which
 * records every `connect` of the program and of every process it starts (a native binary as much as a Node script),
 * whatever library made it. A name lookup shows up as a connection to the resolver (UDP port 53), so an attempt to
 * reach a host by name is caught too, not only one by address.
 */

/** One `connect` seen: its address family and, for the network ones, the address and port. */
export interface Connection {
  family: string;
  address?: string;
  port?: number;
  line: string;
}

/**
 * Writes an executable script at `folder/name` that runs `program` with the arguments it is given, under strace,
 * logging to `log`. Used as the CLI's `command`, so the product's launcher starts it like the real one.
 */
export async function straceWrapper(folder: string, name: string, program: string, log: string): Promise<string> {
  const path = join(folder, name);
  const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  await writeFile(path, `#!/bin/sh\nexec strace -f -qq -e trace=connect -o ${quote(log)} ${quote(program)} "$@"\n`);
  await chmod(path, 0o755);
  return path;
}

/** Every `connect` in a strace log (`-f` prefixes lines with the pid; both forms are read). */
export async function connectionsIn(log: string): Promise<Connection[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => /\bconnect\(/.test(line))
    .map((line) => {
      const family = /sa_family=(AF_[A-Z0-9]+)/.exec(line)?.[1] ?? 'unknown';
      const port = /sin6?_port=htons\((\d+)\)/.exec(line)?.[1];
      const address =
        /inet_addr\("([^"]+)"\)/.exec(line)?.[1] ?? /inet_pton\(AF_INET6, "([^"]+)"/.exec(line)?.[1] ?? undefined;
      return { family, line, ...(address ? { address } : {}), ...(port ? { port: Number(port) } : {}) };
    });
}
