import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * What the proxy does with traffic:
 * - `forward`: a transparent TCP relay;
 * - `blackhole`: connections are accepted, bytes are read and thrown away, nothing is forwarded
 *   either way (a database that hangs, a network that drops packets); connections that lost
 *   bytes are reset when the mode changes, as the peer would once its own timeouts fire;
 * - `pause`: like `blackhole`, but the bytes are held and delivered when forwarding resumes (a
 *   slow database: what was asked is answered, late);
 * - `refuse`: not listening (connection refused); open connections are reset.
 */
export type ProxyMode = 'forward' | 'blackhole' | 'pause' | 'refuse';

interface Pair {
  client: Socket;
  upstream: Socket;
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
  lostBytes: boolean;
}

/** A TCP proxy of the test's own in front of a real server, with faults on demand. */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: ProxyMode = 'forward';
  let server: Server | undefined;
  let port = 0;
  const pairs = new Set<Pair>();
  /** Bytes relayed so far (both ways), to tell when traffic flowed. */
  let relayed = 0;

  function destroy(pair: Pair) {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream.destroy();
  }

  function relay(pair: Pair, chunk: Buffer, direction: 'toUpstream' | 'toClient') {
    const to = direction === 'toUpstream' ? pair.upstream : pair.client;
    if (mode === 'forward') {
      relayed += chunk.length;
      to.write(chunk);
    } else if (mode === 'pause') {
      pair.held[direction].push(chunk);
    } else {
      pair.lostBytes = true;
    }
  }

  function onConnection(client: Socket) {
    const upstream = createConnection(target.port, target.host);
    const pair: Pair = {
      client,
      upstream,
      held: { toUpstream: [], toClient: [] },
      lostBytes: false,
    };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => relay(pair, chunk, 'toUpstream'));
    upstream.on('data', (chunk: Buffer) => relay(pair, chunk, 'toClient'));
    // A close on either side closes the pair, unless the network is "down" (then nobody hears).
    const onEnd = () => {
      if (mode === 'forward') {
        destroy(pair);
      }
    };
    client.on('end', onEnd);
    upstream.on('end', onEnd);
    client.on('error', () => destroy(pair));
    upstream.on('error', () => destroy(pair));
    client.on('close', () => {
      if (mode === 'forward') {
        destroy(pair);
      }
    });
  }

  async function listen() {
    server = createServer({ allowHalfOpen: true }, onConnection);
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (!address || typeof address === 'string') {
      throw new Error('proxy has no port');
    }
    port = address.port;
  }

  async function unlisten() {
    const s = server;
    server = undefined;
    if (s) {
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }

  async function setMode(next: ProxyMode) {
    const previous = mode;
    mode = next;
    if (next === 'refuse') {
      const closing = unlisten();
      for (const pair of pairs) {
        destroy(pair);
      }
      await closing;
      return;
    }
    if (previous === 'refuse') {
      await listen();
    }
    if (next === 'forward') {
      for (const pair of [...pairs]) {
        if (pair.lostBytes || pair.client.destroyed || pair.upstream.destroyed) {
          destroy(pair);
          continue;
        }
        for (const chunk of pair.held.toUpstream.splice(0)) {
          relayed += chunk.length;
          pair.upstream.write(chunk);
        }
        for (const chunk of pair.held.toClient.splice(0)) {
          relayed += chunk.length;
          pair.client.write(chunk);
        }
      }
    }
  }

  await listen();
  return {
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    /** Connections open through the proxy now. */
    connections: () => pairs.size,
    relayedBytes: () => relayed,
    setMode,
    async close() {
      await setMode('refuse');
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
