import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RecordedRequest } from './scenario';

/** The HTTP side every stand-in shares: a server on 127.0.0.1, the requests it records, and a close that waits. */
export interface StandInServer {
  readonly server: Server;
  readonly requests: RecordedRequest[];
  readonly port: number;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Drops every open connection (a stalled stream included) and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a stand-in's server on a free loopback port, recording into `requests` (`handle` records the requests it
 * answers, with their bodies). `handle` answers each request (an exception destroys it). A
 * stand-in is also the CLI's HTTP(S) proxy, so a CONNECT is a tunnel to some other host: it is recorded, then handed
 * to `onConnect`, which by default refuses it (403). Nothing is ever forwarded off the machine.
 */
export async function startStandInServer(
  requests: RecordedRequest[],
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onConnect: (req: IncomingMessage, socket: Socket, head: Buffer, server: Server) => void = refuseTunnel,
): Promise<StandInServer> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    requests.push({ method: 'CONNECT', path: req.url ?? '', headers: { ...req.headers }, body: '' });
    socket.on('error', () => undefined); // the CLI may reset a refused tunnel first
    onConnect(req, socket, head, server);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    requests,
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function refuseTunnel(_req: IncomingMessage, socket: Socket): void {
  socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
}
