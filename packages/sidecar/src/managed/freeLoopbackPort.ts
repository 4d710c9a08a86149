import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now: the OS picks it, and it is released at once (a start that loses the race moves on). */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No free port on 127.0.0.1.');
  return address.port;
}
