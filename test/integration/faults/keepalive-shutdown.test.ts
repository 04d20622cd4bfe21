import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../helpers/server-process.js';
import { exitOf, measured, preparedDataFolder, sleep, waitFor } from './helpers.js';

const ROUTE = '/v1/football/odds/bookmakers';
const CLIENTS = 20;

interface Outcome {
  status?: number;
  connection?: string;
  code?: string;
  error?: string;
}

/** One GET on a keep-alive agent: the status and Connection header, or the error's code. */
function get(agent: Agent, url: string, key: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: { 'x-api-key': key } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        const code = res.statusCode === 503 ? (JSON.parse(body) as { code?: string }).code : '';
        resolve({
          status: res.statusCode ?? 0,
          connection: String(res.headers.connection ?? ''),
          ...(code ? { code } : {}),
        });
      });
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? 'error' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    req.end();
  });
}

/** A raw keep-alive socket: sends GETs by hand and records how the server ends it. */
async function rawSocket(port: number, key: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  const events: string[] = [];
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('end', () => events.push('end'));
  socket.on('error', (error: NodeJS.ErrnoException) => events.push(`error ${error.code}`));
  socket.on('close', () => events.push('close'));
  await new Promise((resolve) => socket.once('connect', resolve));
  const send = async () => {
    received = '';
    socket.write(`GET ${ROUTE} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: ${key}\r\n\r\n`);
    await waitFor('a response', () => /\r\n\r\n[\s\S]*\}$/.test(received), { intervalMs: 10 });
    return received;
  };
  return { socket, events, send };
}

/**
 * Issue "Hardening", shutdown: SIGTERM under keep-alive load resets no connection. Requests in
 * flight are answered (with `Connection: close`), requests that arrive on an open keep-alive
 * connection during the drain are answered as usual, with `Connection: close` (nothing could retry
 * a refusal behind a TCP balancer), idle connections are closed with a FIN (`end`), never a
 * reset; new connections are refused.
 */
describe('SIGTERM with keep-alive clients (embedded PGlite)', () => {
  let folder: Awaited<ReturnType<typeof preparedDataFolder>>;
  let dataDir: string;
  let key: string;

  beforeAll(async () => {
    // The load must meet no 429: the Pro limits of this folder's database are raised.
    folder = await preparedDataFolder('keepalive', { raiseProLimits: true });
    ({ dataDir, key } = folder);
  }, 120_000);
  afterAll(() => folder?.remove());

  it('answers or closes cleanly every connection: no reset, in flight and late ones answered', async () => {
    const server = await startServerProcess({
      TOUCHLINE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    const port = Number(new URL(server.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const outcomes: Outcome[] = [];
    let signalled = false;
    try {
      const idle = await Promise.all(Array.from({ length: 5 }, () => rawSocket(port, key)));
      const late = await rawSocket(port, key);
      for (const socket of [...idle, late]) {
        expect(await socket.send()).toMatch(/^HTTP\/1\.1 200/);
      }
      const worker = async () => {
        for (;;) {
          const outcome = await get(agent, `${server.url}${ROUTE}`, key);
          if (signalled) {
            outcomes.push(outcome);
          }
          // Turned away for good once the listener is closed.
          if (outcome.error || outcome.status !== 200) {
            if (outcome.error !== 'ECONNREFUSED') {
              outcomes.push(outcome);
            }
            return;
          }
        }
      };
      const load = Promise.all(Array.from({ length: CLIENTS }, worker));
      await sleep(500);
      signalled = true;
      server.child.kill('SIGTERM');
      await sleep(300);
      // A request on a connection that stayed open and idle: answered, not reset.
      const lateAnswer = await late.send();
      await load;
      const exit = await exitOf(server.child, 30_000);
      expect(exit, server.output()).toEqual({ code: 0, signal: null });

      const resets = outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED');
      measured(
        'keep-alive SIGTERM: answered 200 / 503 / refused / reset',
        [
          outcomes.filter((o) => o.status === 200).length,
          outcomes.filter((o) => o.status === 503).length,
          outcomes.filter((o) => o.error === 'ECONNREFUSED').length,
          resets.length,
        ].join(' / '),
      );
      expect(resets, JSON.stringify(resets)).toEqual([]);
      // Every request that reached the process was answered; the drain's say `Connection: close`.
      for (const outcome of outcomes.filter((o) => o.status !== undefined)) {
        expect(outcome.status).toBe(200);
      }
      expect(outcomes.some((o) => o.connection === 'close')).toBe(true);
      expect(lateAnswer).toMatch(/^HTTP\/1\.1 200/);
      expect(lateAnswer).toMatch(/\r\nconnection: close\r\n/i);
      for (const socket of [...idle, late]) {
        expect(socket.events).toContain('end');
        expect(socket.events.filter((e) => e.startsWith('error'))).toEqual([]);
      }
    } finally {
      agent.destroy();
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
      }
    }
  }, 120_000);
});
