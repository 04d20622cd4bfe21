import { connect } from 'node:net';
import type { FuzzResponse, HeaderBag } from './fuzz-assert.js';

/**
 * Raw HTTP/1.1 over a socket, for what `inject` cannot show: Node's parser limits (header size),
 * the answer to a request whose body has not been sent yet, bytes that are not HTTP at all.
 */

export interface RawResponse extends FuzzResponse {
  /** The server answered and closed, or answered before the client finished sending. */
  closed: boolean;
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const end = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.subarray(at, end).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) {
      break;
    }
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseResponse(raw: Buffer, closed: boolean): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split < 0 ? raw.length : split).toString('latin1');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: HeaderBag = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  let body = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
  if (String(headers['transfer-encoding']).toLowerCase() === 'chunked') {
    body = decodeChunked(body);
  }
  const statusCode = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  return { statusCode, headers, rawPayload: body, closed };
}

/**
 * Sends `head` (and then `body`, unless the server has answered by then) and collects the first
 * response. `closeAfterMs` bounds the wait for a server that keeps the connection open.
 */
export function rawRequest(
  port: number,
  head: string | Buffer,
  body?: Buffer,
  closeAfterMs = 3000,
): Promise<RawResponse> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (closed: boolean) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(parseResponse(Buffer.concat(chunks), closed));
      }
    };
    const timer = setTimeout(() => finish(false), closeAfterMs);
    socket.on('connect', () => {
      socket.write(head);
      if (body) {
        // Give the server a moment to refuse on the headers alone, as a well-behaved one does.
        setTimeout(() => {
          if (!settled && chunks.length === 0 && !socket.destroyed) {
            socket.write(body);
          }
        }, 50);
      }
    });
    socket.on('data', (data) => {
      chunks.push(data);
      // One response is all a test needs; with Connection: close the server ends it anyway.
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(all.subarray(0, split).toString('latin1'));
      if (split >= 0 && length && all.length - split - 4 >= Number(length[1])) {
        finish(true);
      }
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}
