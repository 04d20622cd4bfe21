import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './server-process.js';

async function waitForPing(port: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const probe = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    const ok = await probe.connect().then(
      () => probe.ping().then(() => true),
      () => false,
    );
    probe.disconnect();
    if (ok) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server on port ${port} did not start`);
}

/**
 * A Redis server of the test's own, which the test may stop and start (fault injection). By
 * default it keeps an append-only file, so a restart brings the counters back as a production
 * Redis would; `persist: false` makes it come back empty, as one without persistence does.
 */
export async function startPrivateRedis(options: { persist?: boolean } = {}) {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'touchline-redis-'));
  let child: ChildProcess | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function start() {
    if (running()) {
      return;
    }
    const persistence =
      options.persist === false
        ? ['--appendonly', 'no']
        : ['--appendonly', 'yes', '--appendfsync', 'always'];
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence];
    child = spawn('redis-server', [...args, '--dir', dir], { stdio: 'ignore' });
    await waitForPing(port);
  }

  async function stop() {
    if (child && running()) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }

  async function destroy() {
    await stop();
    await rm(dir, { recursive: true, force: true });
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop, destroy };
}

export const redisServerAvailable = async () =>
  new Promise<boolean>((resolve) => {
    const child = spawn('redis-server', ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
