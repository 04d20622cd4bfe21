import { once } from 'node:events';
import { createServer } from 'node:net';

/** A free loopback port (closed again at once; the server that gets it binds it next). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') {
    throw new Error('no free port');
  }
  return address.port;
}
