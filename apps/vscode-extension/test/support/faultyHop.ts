import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '@roundtable/testkit';

/** What the hop does with one chat request instead of passing it on; `signal` aborts when the client leaves. */
export type HopFault = (res: ServerResponse, signal: AbortSignal) => Promise<void> | void;

/**
 * A loopback HTTP hop in front of a (fake) CLIProxyAPI for the faults the proxy's scenarios cannot write: a reset
 * socket, a body written for as long as the client reads it. Every request is passed on unchanged, except the next
 * chat request for a model given a fault, which the hop answers itself.
 */
export interface FaultyHop {
  /** E.g. `http://127.0.0.1:41234`, like the proxy's own: no `/v1`. */
  readonly url: string;
  injectFor(model: string, fault: HopFault): void;
  close(): Promise<void>;
}

export async function startFaultyHop(target: string): Promise<FaultyHop> {
  const faults = new Map<string, HopFault[]>();
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const fault = req.url === '/v1/chat/completions' ? faults.get(modelOf(body))?.shift() : undefined;
    if (fault) {
      const left = new AbortController();
      res.on('close', () => left.abort());
      return fault(res, left.signal);
    }
    const { host: _host, ...headers } = req.headers;
    const forwarded = request(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers }, (upstream) => {
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(res);
      upstream.on('error', () => res.destroy());
    });
    forwarded.on('error', () => res.destroy());
    res.on('close', () => forwarded.destroy());
    forwarded.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    injectFor: (model, fault) => faults.set(model, [...(faults.get(model) ?? []), fault]),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Writes SSE headers and `events`, then resets the TCP connection (RST), as a crashing server or a middlebox does. */
export function resetAfter(events: string[]): HopFault {
  return async (res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    for (const event of events) {
      res.write(event);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    res.socket?.resetAndDestroy();
  };
}

/**
 * A 200 of `contentType` whose body goes on for `totalBytes`, written only as fast as the client reads it, so what the
 * client leaves unread is never produced. `written()` says how much was handed to the socket.
 */
export function endlessBody(
  contentType: string,
  piece: string,
  totalBytes: number,
): { fault: HopFault; written: () => number } {
  let written = 0;
  const chunk = Buffer.from(piece.repeat(Math.max(1, Math.floor(65_536 / piece.length))));
  const fault: HopFault = async (res, signal) => {
    res.writeHead(200, { 'Content-Type': contentType });
    while (written < totalBytes && !signal.aborted) {
      written += chunk.byteLength;
      if (!res.write(chunk)) await drained(res);
    }
    if (!signal.aborted) res.end();
  };
  return { fault, written: () => written };
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function modelOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const model = typeof parsed === 'object' && parsed !== null ? (parsed as { model?: unknown }).model : undefined;
    return typeof model === 'string' ? model : '';
  } catch {
    return '';
  }
}
