import type { Server } from 'node:http';
import { type BlockList, isIP, type Socket, SocketAddress } from 'node:net';
import {
  Command,
  IPv4ProxyAddress,
  IPv6ProxyAddress,
  V1ProxyProtocol,
  V2ProxyProtocol,
} from 'proxy-protocol-js';

/**
 * The PROXY protocol (HAProxy's, v1 text and v2 binary) in front of the HTTP parser
 * (docs/deploy.md "PROXY protocol"). A balancer in TCP mode cannot add `X-Forwarded-For`, so it
 * opens each connection with a header naming the client's address; that address becomes the
 * socket's `remoteAddress`, which allowlists, per-address limits and logs read. A connection
 * from a listed peer must start with a well-formed header; one that does not (or sends none
 * within HEADER_TIMEOUT_MS) is closed before any HTTP is read. Other peers speak plain HTTP.
 */

/** The longest v1 line (the specification's 107 bytes) and the longest v2 header we take. */
const V1_MAX = 107;
const V2_FIXED = 16;
const V2_MAX = V2_FIXED + 512;
const V2_SIGNATURE = Buffer.from([
  0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a,
]);
const V1_PREFIX = Buffer.from('PROXY ');
const HEADER_TIMEOUT_MS = 5_000;

interface ProxiedSource {
  address: string;
  port: number;
  family: 'IPv4' | 'IPv6';
}

type HeaderRead =
  | { state: 'more' }
  | { state: 'invalid'; reason: string }
  | { state: 'done'; length: number; source: ProxiedSource | null };

const canonical = (bytes: readonly number[], family: 'ipv4' | 'ipv6'): string => {
  if (family === 'ipv4') {
    return bytes.join('.');
  }
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) {
    groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  }
  return new SocketAddress({ address: groups.join(':'), family }).address;
};

function readV2(buffer: Buffer): HeaderRead {
  if (buffer.length < V2_FIXED) {
    return { state: 'more' };
  }
  const length = V2_FIXED + buffer.readUInt16BE(14);
  if (length > V2_MAX) {
    return { state: 'invalid', reason: 'PROXY v2 header too long' };
  }
  if (buffer.length < length) {
    return { state: 'more' };
  }
  let header: V2ProxyProtocol;
  try {
    header = V2ProxyProtocol.parse(buffer.subarray(0, length));
  } catch {
    return { state: 'invalid', reason: 'malformed PROXY v2 header' };
  }
  // LOCAL: the balancer's own connection (a health check): the socket's address stands.
  if (header.command === Command.LOCAL) {
    return { state: 'done', length, source: null };
  }
  const address = header.proxyAddress;
  if (!(address instanceof IPv4ProxyAddress || address instanceof IPv6ProxyAddress)) {
    return { state: 'invalid', reason: 'PROXY v2 header without an IP address' };
  }
  const family = address instanceof IPv4ProxyAddress ? 'ipv4' : 'ipv6';
  const source: ProxiedSource = {
    address: canonical(address.sourceAddress.address, family),
    port: address.sourcePort,
    family: family === 'ipv4' ? 'IPv4' : 'IPv6',
  };
  return { state: 'done', length, source };
}

function readV1(buffer: Buffer): HeaderRead {
  const end = buffer.indexOf('\r\n');
  if (end === -1) {
    return buffer.length >= V1_MAX
      ? { state: 'invalid', reason: 'PROXY v1 line too long' }
      : { state: 'more' };
  }
  const length = end + 2;
  if (length > V1_MAX) {
    return { state: 'invalid', reason: 'PROXY v1 line too long' };
  }
  const line = buffer.subarray(0, length).toString('latin1');
  if (line === 'PROXY UNKNOWN\r\n' || line.startsWith('PROXY UNKNOWN ')) {
    return { state: 'done', length, source: null };
  }
  let header: V1ProxyProtocol;
  try {
    header = V1ProxyProtocol.parse(line);
  } catch {
    return { state: 'invalid', reason: 'malformed PROXY v1 line' };
  }
  const { ipAddress, port } = header.source;
  const family = isIP(ipAddress);
  const expected = String(header.inetProtocol) === 'TCP6' ? 6 : 4;
  if (family !== expected || !Number.isInteger(port) || port < 0 || port > 65_535) {
    return { state: 'invalid', reason: 'malformed PROXY v1 address' };
  }
  return {
    state: 'done',
    length,
    source: {
      address: new SocketAddress({ address: ipAddress, family: family === 6 ? 'ipv6' : 'ipv4' })
        .address,
      port,
      family: family === 6 ? 'IPv6' : 'IPv4',
    },
  };
}

/** What the first bytes of a connection say: a complete header, not yet, or not a header. */
export function readProxyHeader(buffer: Buffer): HeaderRead {
  const signature = buffer.subarray(0, V2_SIGNATURE.length);
  if (V2_SIGNATURE.subarray(0, signature.length).equals(signature)) {
    return signature.length < V2_SIGNATURE.length ? { state: 'more' } : readV2(buffer);
  }
  const prefix = buffer.subarray(0, V1_PREFIX.length);
  if (V1_PREFIX.subarray(0, prefix.length).equals(prefix)) {
    return prefix.length < V1_PREFIX.length ? { state: 'more' } : readV1(buffer);
  }
  return { state: 'invalid', reason: 'no PROXY protocol header' };
}

/**
 * Node's HTTP server hands a fresh socket's handle to its native parser, which then reads the
 * kernel directly; bytes this module already read (and put back) would be parsed by the
 * JavaScript path beside it, and a pipelined request arriving meanwhile was lost (seen on Node
 * 20). Marking the handle as taken makes the server read everything through 'data' events, as
 * it does for TLS sockets: one path, in order. `_consumed` is the flag the server checks.
 */
function keepParsingInJs(socket: Socket): void {
  const handle = (socket as unknown as { _handle?: { _consumed?: boolean } })._handle;
  if (handle) {
    handle._consumed = true;
  }
}

const familyOf = (address: string | undefined) => (isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4');

function presentAs(socket: Socket, source: ProxiedSource): void {
  // The socket's getters read the kernel's peer (the balancer); the header's client wins.
  Object.defineProperty(socket, 'remoteAddress', { value: source.address, configurable: true });
  Object.defineProperty(socket, 'remotePort', { value: source.port, configurable: true });
  Object.defineProperty(socket, 'remoteFamily', { value: source.family, configurable: true });
}

/**
 * Puts the PROXY header reader between `server`'s accepted connections and its HTTP parser:
 * connections from `peers` reach the parser once their header is read (the bytes after it
 * first), with the header's client as their address; others as they are. Call it before
 * anything else listens for connections that must see the client's address.
 */
export function acceptProxyProtocol(
  server: Server,
  peers: BlockList,
  onRefused: (reason: string, peer: string) => void = () => {},
): void {
  const parsers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const deliver = (socket: Socket) => {
    for (const parser of parsers) {
      parser.call(server, socket);
    }
  };
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (!peer || !peers.check(peer, familyOf(peer))) {
      deliver(socket);
      return;
    }
    let buffered: Buffer = Buffer.alloc(0);
    const refuse = (reason: string) => {
      cleanup();
      onRefused(reason, peer);
      socket.destroy();
    };
    const timer = setTimeout(() => refuse('no PROXY protocol header in time'), HEADER_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const read = readProxyHeader(buffered);
      if (read.state === 'more') {
        return;
      }
      if (read.state === 'invalid') {
        refuse(read.reason);
        return;
      }
      cleanup();
      socket.pause();
      keepParsingInJs(socket);
      const rest = buffered.subarray(read.length);
      if (rest.length > 0) {
        socket.unshift(rest);
      }
      if (read.source) {
        presentAs(socket, read.source);
      }
      deliver(socket);
      // Paused on purpose above: the parser's own listener does not resume it.
      socket.resume();
    };
    const onEnd = () => cleanup();
    // Until the parser has the socket, its errors (a reset) are ours to take: the socket goes.
    const onError = () => {
      cleanup();
      socket.destroy();
    };
    function cleanup() {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onEnd);
      socket.off('error', onError);
    }
    socket.on('data', onData);
    socket.once('close', onEnd);
    socket.on('error', onError);
  });
}
