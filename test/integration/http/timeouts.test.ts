import { connect, type Socket } from 'node:net';
import { createClient as createWsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from '../../contract/rest/matches-fixture.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { listening } from '../../helpers/push.js';
import { openSse } from '../../helpers/sse.js';

/** Timeouts shortened for the test (docs/operations.md "Timeouts"); streams last much longer. */
const TIMEOUTS = {
  HTTP_HEADERS_TIMEOUT_MS: '300',
  HTTP_REQUEST_TIMEOUT_MS: '600',
  HTTP_IDLE_TIMEOUT_MS: '400',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
  STREAM_MAX_MS: '600000',
};
/** Well past every timeout above (and Node's checking interval): what was to be cut, was. */
const PAST_THE_TIMEOUTS_MS = 2_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A raw client that writes `head`, then one more byte of `trickle` every 100 ms (each write
 * resets the idle timeout, so only the headers or request timeout can end it). Answers a
 * promise of what the server sent when it closed the connection.
 */
function slowClient(port: number, head: string, trickle: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let sent = 0;
  const timer = setInterval(() => {
    if (!socket.destroyed && sent < trickle.length) {
      socket.write(trickle[sent++] ?? '');
    }
  }, 100);
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  socket.write(head);
  const closed = new Promise<string>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve(received);
    }),
  );
  return { closed, socket, bytesSent: () => sent };
}

describe('connection timeouts (HTTP_*_TIMEOUT_MS)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let base: string;
  let port: number;
  let key: string;
  const closing: Array<() => void> = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = (await buildTestApp(database, { env: TIMEOUTS })) as TestApp;
    base = await listening(app);
    port = Number(new URL(base).port);
    ({ key } = await createAccountWithKey(database, 'Pro'));
  }, 120_000);
  afterAll(async () => {
    for (const close of closing) {
      close();
    }
    await app?.close();
    await database?.close();
  });

  it('closes a connection that sent headers and part of a body, past the request timeout', async () => {
    // A body of 1,000 bytes announced; 5 sent, then 100 more, one every 100 ms: never all of it.
    const client = slowClient(
      port,
      'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"que',
      ' '.repeat(100),
    );
    closing.push(() => client.socket.destroy());
    await client.closed;
    // It was cut off while still sending, not after it gave up.
    expect(client.bytesSent()).toBeLessThan(100);
    // Other clients are still answered.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('closes a connection that trickles its headers, past the headers timeout', async () => {
    const client = slowClient(port, 'GET /healthz HTTP/1.1\r\n', `X-Slow: ${'a'.repeat(100)}`);
    closing.push(() => client.socket.destroy());
    await client.closed;
    expect(client.bytesSent()).toBeLessThan(100);
  });

  it('closes a connection that sent part of a body and went silent, past the idle timeout', async () => {
    const client = slowClient(
      port,
      'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"q',
      '',
    );
    closing.push(() => client.socket.destroy());
    await client.closed;
  });

  it('leaves SSE streams, GraphQL over SSE and graphql-ws subscriptions open past every timeout', async () => {
    const sse = await openSse(`${base}/v1/football/stream`, { authorization: `Bearer ${key}` });
    closing.push(sse.close);
    expect(sse.response.status).toBe(200);
    const subscription = encodeURIComponent('subscription { liveMatches { seq } }');
    const graphqlSse = await openSse(`${base}/graphql?query=${subscription}`, {
      authorization: `Bearer ${key}`,
      accept: 'text/event-stream',
    });
    closing.push(graphqlSse.close);
    expect(graphqlSse.response.status).toBe(200);
    let wsClosed = false;
    let wsOpened = false;
    const ws = createWsClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${key}` },
      retryAttempts: 0,
      on: {
        connected: () => {
          wsOpened = true;
        },
        closed: () => {
          wsClosed = true;
        },
      },
    });
    closing.push(() => void ws.dispose());
    const wsErrors: unknown[] = [];
    ws.subscribe(
      { query: 'subscription { liveMatches { seq } }' },
      { next: () => {}, error: (e) => wsErrors.push(e), complete: () => {} },
    );
    await expect.poll(() => wsOpened).toBe(true);
    await pause(PAST_THE_TIMEOUTS_MS);
    expect(sse.ended()).toBe(false);
    expect(graphqlSse.ended()).toBe(false);
    expect(wsClosed).toBe(false);
    expect(wsErrors).toEqual([]);
  });
});
