import * as net from 'node:net';

/**
 * A port that was free a moment ago on 127.0.0.1. code-server takes a fixed --bind-addr, so there is a small window
 * in which another process could take the port; the health check then fails loudly instead of talking to a stranger,
 * because startCodeServer also watches its own child exit.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}
