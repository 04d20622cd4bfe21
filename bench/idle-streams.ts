/**
 * `npm run bench:streams`: the server's memory per idle push stream, through the public door
 * (docs/push.md "Measured"). A fresh embedded data folder with the demo, 40 Pro accounts (25
 * streams each), `touchline serve` with LIVE=off, then `--streams` streams (default 1,000) opened
 * over HTTP and left idle, twice (the second thousand after the first were closed). Prints one
 * JSON line per round: the server's RSS 3 s after against 3 s before.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, log, startServer, TOUCHLINE_SERVE, touchlineCli } from './processes.js';
import { touchlineEnv } from './servers.js';

const STREAMS = Number(process.argv.find((a) => a.startsWith('--streams='))?.slice(10) ?? 1000);
const PER_ACCOUNT = 25;
const SETTLE_MS = 3000;

const rssKb = async (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** Opens `count` streams round robin over the keys; resolves once each has its first bytes. */
async function openStreams(url: string, keys: string[], count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  let opened = 0;
  await Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<void>((resolve) => {
          const request = http.get(
            url,
            { agent, headers: { authorization: `Bearer ${keys[i % keys.length]}` } },
            (response) => {
              opened += response.statusCode === 200 ? 1 : 0;
              response.once('data', () => resolve());
              response.once('end', () => resolve());
              response.on('error', () => {});
            },
          );
          request.on('error', () => resolve());
          requests.push(request);
        }),
    ),
  );
  const close = () => {
    for (const request of requests) {
      request.destroy();
    }
  };
  return { opened, close };
}

const dataDir = await mkdtemp(join(tmpdir(), 'touchline-streams-'));
const env = touchlineEnv({ name: 'embedded', description: 'embedded', dataDir });
try {
  log('demo data and accounts');
  await touchlineCli(['demo', '--matches', '300'], env);
  const keys: string[] = [];
  for (let i = 0; i < Math.ceil(STREAMS / PER_ACCOUNT); i++) {
    const account = await touchlineCli<{ id: number }>(
      ['accounts', 'create', '--tier', 'Pro'],
      env,
    );
    const key = await touchlineCli<{ key: string }>(
      ['keys', 'create', '--account', String(account.id)],
      env,
    );
    keys.push(key.key);
  }
  const port = await freePort();
  const server = await startServer({
    name: 'touchline-streams',
    ...TOUCHLINE_SERVE,
    env: { ...env, PORT: String(port) },
    port,
    readyPath: '/readyz',
    logDir: dataDir,
  });
  try {
    for (const round of [1, 2]) {
      await settle();
      const before = await rssKb(server.pid);
      const streams = await openStreams(`${server.url}/v1/football/stream`, keys, STREAMS);
      await settle();
      const after = await rssKb(server.pid);
      const perStreamKb = Math.round(((after - before) / Math.max(1, streams.opened)) * 10) / 10;
      process.stdout.write(
        `${JSON.stringify({ round, streams: streams.opened, rssBeforeKb: before, rssAfterKb: after, perStreamKb })}\n`,
      );
      streams.close();
    }
  } finally {
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
